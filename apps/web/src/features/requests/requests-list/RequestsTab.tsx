import { Flex, Typography, type TableColumnsType } from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXTS, formatCents, isAdmin, type PurchaseRequestResource } from '@wallet/contract';
import { useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { RequestStatusTag } from '../../../components/RequestStatusTag';
import { TeamTag } from '../../../components/TeamTag';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDate } from '../../../lib/dates';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useCurrentUser } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useDeleteRequests } from '../api/delete-requests';
import { useRequests, type RequestListScope } from '../api/get-requests';
import { REQUEST_LIST_INCLUDES } from '../api/includes';
import { CardCell, Muted, NotesCell, amountStyle, intervalLabel } from './cells';
import { DiscardAction } from './DiscardAction';
import { PENDING_EMPTY_TEXT, PendingElsewhere } from './PendingElsewhere';
import { RowActions } from './RowActions';

export type RequestsTabKind = 'pending' | 'myRequest' | 'allRequest';

interface Props {
  kind: RequestsTabKind;
  onView: (id: number) => void;
  onEdit: (id: number) => void;
}

const EMPTY_TEXT: Record<RequestsTabKind, string> = {
  pending: PENDING_EMPTY_TEXT,
  myRequest: 'You have not filed a request yet.',
  allRequest: 'No purchase requests yet.',
};

const bothPending = (request: PurchaseRequestResource) =>
  request.approved_path === 'pending' && request.approved_accounting === 'pending';

/** Pending Request, My Request and All Request: one-time and recurring requests, sorted and paged on the server. */
export function RequestsTab({ kind, onView, onEdit }: Props) {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const { state, onTableChange } = useListState({ sort: '-submitted' });
  const scope: RequestListScope = kind === 'myRequest' ? { kind: 'user', userId: me.id } : { kind: 'all' };
  const requests = useRequests(
    scope,
    listQueryParams(state, {
      include: REQUEST_LIST_INCLUDES,
      ...(kind === 'pending' && { 'filter[pending_approval_by]': me.id }),
    }),
  );
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const remove = useDeleteRequests();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();

  /** ARCHITECTURE.md D8: own undecided requests, or any for admins. */
  const canDelete = (request: PurchaseRequestResource) => admin || (request.user_id === me.id && bothPending(request));

  const deleteRequest = (request: PurchaseRequestResource) =>
    remove.mutateAsync({ kind: 'request', ids: [request.id] }).then(({ failed }) => {
      if (failed.length === 0) {
        notifySuccess(REQUEST_MESSAGES.deleted);
        setSelectedIds((ids) => ids.filter((id) => id !== request.id));
      } else failed.forEach(({ error }) => notifyError(error));
    });

  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: sortOrderOf(state.sort, key),
    sortDirections: ['descend' as const, 'ascend' as const],
  });

  const actions = (request: PurchaseRequestResource) => (
    <RowActions
      label={`Actions for the request of ${formatCents(request.amount)} submitted ${formatDate(request.submitted)}`}
      actions={[
        { key: 'view', label: REQUEST_TEXTS.viewRequest, onClick: () => onView(request.id) },
        ...(kind === 'myRequest'
          ? [
              {
                key: 'edit',
                label: REQUEST_TEXTS.editRequest,
                disabled: !bothPending(request),
                onClick: () => onEdit(request.id),
              },
              {
                key: 'delete',
                label: REQUEST_TEXTS.deleteRequest,
                danger: true,
                disabled: !canDelete(request),
                confirm: REQUEST_MESSAGES.deleteConfirm,
                onClick: () => deleteRequest(request),
              },
            ]
          : []),
      ]}
    />
  );

  const transferred = (request: PurchaseRequestResource) =>
    request.transferred ? (
      <span style={{ whiteSpace: 'nowrap' }}>{formatDate(request.transferred)}</span>
    ) : (
      <Muted>—</Muted>
    );
  const category = (request: PurchaseRequestResource) =>
    request.wallet_category ? request.wallet_category.name : <Muted>—</Muted>;

  /*
   * At 1280 px the list has about 900 px: what tells requests apart (when, who, how much, where it stands, what for,
   * how often, when funded) is always there; Card and Category join from 1600 px and are in the details drawer.
   */
  const columns: TableColumnsType<PurchaseRequestResource> = [
    {
      title: 'Submitted',
      ...sortable('submitted'),
      render: (_, request) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(request.submitted)}</span>,
    },
    ...(kind === 'myRequest'
      ? []
      : [
          {
            title: 'Requester',
            key: 'user',
            render: (_: unknown, request: PurchaseRequestResource) => (
              <Typography.Text ellipsis={{ tooltip: request.user?.name }} style={{ maxWidth: 140 }}>
                {request.user?.name ?? '—'}
              </Typography.Text>
            ),
          },
        ]),
    {
      title: 'Amount',
      ...sortable('amount'),
      align: 'right',
      render: (_, request) => <span style={amountStyle}>{formatCents(request.amount)}</span>,
    },
    {
      title: 'Status',
      key: 'status',
      className: 'list-table-nowrap',
      render: (_, request) => <RequestStatusTag request={request} />,
    },
    { title: 'Card', key: 'card', responsive: ['xxl'], render: (_, request) => <CardCell card={request.card} /> },
    { title: 'Team', key: 'team', responsive: ['xl'], render: (_, request) => <TeamTag team={request.team} /> },
    { title: 'Category', key: 'category', responsive: ['xxl'], render: (_, request) => category(request) },
    {
      title: 'Notes',
      key: 'notes',
      className: 'list-table-fill',
      responsive: ['xl'],
      render: (_, request) => <NotesCell notes={request.notes} />,
    },
    { title: 'Interval', key: 'interval', responsive: ['xl'], render: (_, request) => intervalLabel(request.interval) },
    {
      title: 'Transferred',
      ...sortable('transferred'),
      responsive: ['lg'],
      render: (_, request) => transferred(request),
    },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      width: 48,
      align: 'center',
      render: (_, request) => actions(request),
    },
  ];

  const stacked = {
    label: 'Request',
    render: (request: PurchaseRequestResource) => (
      <StackedItem
        title={kind === 'myRequest' ? formatCents(request.amount) : (request.user?.name ?? '—')}
        aside={
          <>
            {kind === 'myRequest' ? null : <span style={amountStyle}>{formatCents(request.amount)}</span>}
            <RequestStatusTag request={request} />
          </>
        }
        actions={actions(request)}
        fields={[
          { label: 'Submitted', value: formatDate(request.submitted) },
          { label: 'Transferred', value: transferred(request) },
          { label: 'Card', value: <CardCell card={request.card} /> },
          { label: 'Team', value: <TeamTag team={request.team} /> },
          { label: 'Category', value: category(request) },
          { label: 'Interval', value: intervalLabel(request.interval) },
          { label: 'Notes', value: request.notes || <Muted>—</Muted>, wide: true },
        ]}
      />
    ),
  };

  const emptyText = admin && kind === 'pending' ? <PendingElsewhere /> : EMPTY_TEXT[kind];

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {requests.data ? `${requests.data.meta.total} request(s)` : ' '}
        </Typography.Text>
        <DiscardAction kind="request" selectedIds={selectedIds} onDone={setSelectedIds} />
      </Flex>
      <ListTable<PurchaseRequestResource>
        rowKey="id"
        columns={columns}
        stacked={stacked}
        onOpen={(request) => onView(request.id)}
        dataSource={requests.data?.data}
        loading={requests.isFetching}
        pagination={tablePagination(state, requests.data?.meta)}
        onChange={onTableChange}
        size="middle"
        rowSelection={{
          selectedRowKeys: selectedIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelectedIds(keys as number[]),
          getCheckboxProps: (request) => ({
            disabled: !canDelete(request),
            'aria-label': `Select request ${request.id}`,
          }),
        }}
        locale={{ emptyText: requests.isPending ? <div style={{ height: 160 }} /> : emptyText }}
      />
    </>
  );
}
