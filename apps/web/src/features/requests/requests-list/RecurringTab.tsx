import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXTS, formatCents, isAdmin, type RecurringResource } from '@wallet/contract';
import { useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { TeamTag } from '../../../components/TeamTag';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDate, formatDay } from '../../../lib/dates';
import { listQueryParams, sortOrderOf, tablePagination } from '../../../lib/list-query';
import { useCurrentUser } from '../../../lib/session';
import { useListState } from '../../../lib/use-list-state';
import { useNotifyError } from '../../../lib/use-notify-error';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useDeleteRequests } from '../api/delete-requests';
import { useRecurringRequests } from '../api/get-recurring-requests';
import { ALL_RECURRING_INCLUDES, MY_RECURRING_INCLUDES } from '../api/includes';
import { useSetRecurringPaused } from '../api/pause-recurring';
import { CardCell, Muted, NotesCell, amountStyle, intervalLabel } from './cells';
import { DiscardAction } from './DiscardAction';
import { RowActions } from './RowActions';

export type RecurringTabKind = 'myRecurringRequest' | 'allRecurringRequest';

interface Props {
  kind: RecurringTabKind;
  onView: (purchaseRequestId: number) => void;
}

function RecurringStatus({ recurring }: { recurring: RecurringResource }) {
  return (
    <Flex gap={4} wrap>
      <Tag color={recurring.status === 'active' ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
        {recurring.status === 'active' ? 'Active' : 'Inactive'}
      </Tag>
      {recurring.is_paused && (
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {recurring.paused_by === 'system' ? 'Paused by the system' : 'Paused'}
        </Tag>
      )}
    </Flex>
  );
}

/** My Recurring Request and (admins) All Recurring Request: fundings that repeat every 7, 30 or 365 days. */
export function RecurringTab({ kind, onView }: Props) {
  const me = useCurrentUser();
  const admin = isAdmin(me.roles);
  const all = kind === 'allRecurringRequest';
  const { state, onTableChange } = useListState({ sort: '-created_at' });
  const recurring = useRecurringRequests(
    all ? { kind: 'all' } : { kind: 'user', userId: me.id },
    listQueryParams(state, { include: all ? ALL_RECURRING_INCLUDES : MY_RECURRING_INCLUDES }),
  );
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const remove = useDeleteRequests();
  const pause = useSetRecurringPaused();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();

  const canDelete = (row: RecurringResource) => admin || row.purchase_request?.user_id === me.id;

  const deleteRecurring = (row: RecurringResource) =>
    remove.mutateAsync({ kind: 'recurring', ids: [row.id] }).then(({ failed }) => {
      if (failed.length === 0) {
        notifySuccess(REQUEST_MESSAGES.deleted);
        setSelectedIds((ids) => ids.filter((id) => id !== row.id));
      } else failed.forEach(({ error }) => notifyError(error));
    });

  const togglePause = (row: RecurringResource) =>
    pause.mutate(
      { id: row.id, isPaused: !row.is_paused },
      {
        onSuccess: (updated) =>
          updated.is_paused
            ? notifySuccess('Recurring Request Paused', 'Nothing is funded until it is unpaused.')
            : notifySuccess('Recurring Request Unpaused', `Next funding: ${formatDay(updated.next_run)}`),
      },
    );

  const sortable = (key: string) => ({
    key,
    sorter: true,
    sortOrder: sortOrderOf(state.sort, key),
    sortDirections: ['descend' as const, 'ascend' as const],
  });

  const actions = (row: RecurringResource) => (
    <RowActions
      label={`Actions for the recurring request of ${formatCents(row.amount)} created ${formatDate(row.created_at)}`}
      actions={[
        {
          key: 'view',
          label: REQUEST_TEXTS.viewRequest,
          disabled: !row.purchase_request,
          onClick: () => row.purchase_request && onView(row.purchase_request.id),
        },
        ...(all && admin
          ? [
              {
                key: 'pause',
                label: row.is_paused ? REQUEST_TEXTS.unpause : REQUEST_TEXTS.pause,
                disabled: row.status === 'inactive',
                onClick: () => togglePause(row),
              },
            ]
          : []),
        {
          key: 'delete',
          label: REQUEST_TEXTS.deleteRequest,
          danger: true,
          disabled: !canDelete(row),
          confirm: REQUEST_MESSAGES.deleteRecurringConfirm,
          onClick: () => deleteRecurring(row),
        },
      ]}
    />
  );

  const day = (value: string | null, otherwise: string) =>
    value ? <span style={{ whiteSpace: 'nowrap' }}>{formatDay(value)}</span> : <Muted>{otherwise}</Muted>;
  const nextRun = (row: RecurringResource) => day(row.status === 'active' ? row.next_run : null, '—');
  const notes = (row: RecurringResource) =>
    row.purchase_request ? <NotesCell notes={row.purchase_request.notes} /> : <Muted>—</Muted>;

  /*
   * At 1280 px (about 900 px for the list) the schedule stays in view: when it was set up, who, how much, its state,
   * interval and runs; Card, Team, Notes and End Date join on wider screens and are in the request's drawer.
   */
  const columns: TableColumnsType<RecurringResource> = [
    {
      title: 'Created',
      ...sortable('created_at'),
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</span>,
    },
    ...(all
      ? [
          {
            title: 'Requester',
            key: 'user',
            render: (_: unknown, row: RecurringResource) => (
              <Typography.Text ellipsis={{ tooltip: row.purchase_request?.user?.name }} style={{ maxWidth: 140 }}>
                {row.purchase_request?.user?.name ?? '—'}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, row) => <span style={amountStyle}>{formatCents(row.amount)}</span>,
    },
    {
      title: 'Status',
      key: 'status',
      className: 'list-table-nowrap',
      render: (_, row) => <RecurringStatus recurring={row} />,
    },
    {
      title: 'Card',
      key: 'card',
      responsive: ['xxl'],
      render: (_, row) => <CardCell card={row.purchase_request?.card} />,
    },
    {
      title: 'Team',
      key: 'team',
      responsive: ['xxl'],
      render: (_, row) => <TeamTag team={row.purchase_request?.team} />,
    },
    { title: 'Notes', key: 'notes', className: 'list-table-fill', responsive: ['xxl'], render: (_, row) => notes(row) },
    { title: 'Interval', key: 'interval', responsive: ['lg'], render: (_, row) => intervalLabel(row.interval) },
    {
      title: 'Start Date',
      ...sortable('start_date'),
      responsive: ['xl'],
      render: (_, row) => day(row.start_date, '—'),
    },
    { title: 'End Date', key: 'end_date', responsive: ['xxl'], render: (_, row) => day(row.end_date, 'None') },
    { title: 'Last Run', key: 'last_run', responsive: ['xl'], render: (_, row) => day(row.last_run, 'Never') },
    { title: 'Next Run', ...sortable('next_run'), responsive: ['lg'], render: (_, row) => nextRun(row) },
    {
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      key: 'actions',
      width: 48,
      align: 'center',
      render: (_, row) => actions(row),
    },
  ];

  const stacked = {
    label: 'Recurring request',
    render: (row: RecurringResource) => (
      <StackedItem
        title={all ? (row.purchase_request?.user?.name ?? '—') : formatCents(row.amount)}
        aside={
          <>
            {all ? <span style={amountStyle}>{formatCents(row.amount)}</span> : null}
            <RecurringStatus recurring={row} />
          </>
        }
        actions={actions(row)}
        fields={[
          { label: 'Interval', value: intervalLabel(row.interval) },
          { label: 'Created', value: formatDate(row.created_at) },
          { label: 'Start Date', value: day(row.start_date, '—') },
          { label: 'End Date', value: day(row.end_date, 'None') },
          { label: 'Last Run', value: day(row.last_run, 'Never') },
          { label: 'Next Run', value: nextRun(row) },
          { label: 'Card', value: <CardCell card={row.purchase_request?.card} /> },
          { label: 'Team', value: <TeamTag team={row.purchase_request?.team} /> },
          { label: 'Notes', value: row.purchase_request?.notes || <Muted>—</Muted>, wide: true },
        ]}
      />
    ),
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {recurring.data ? `${recurring.data.meta.total} recurring request(s)` : ' '}
        </Typography.Text>
        <DiscardAction kind="recurring" selectedIds={selectedIds} onDone={setSelectedIds} />
      </Flex>
      <ListTable<RecurringResource>
        rowKey="id"
        columns={columns}
        stacked={stacked}
        onOpen={(row) => row.purchase_request && onView(row.purchase_request.id)}
        dataSource={recurring.data?.data}
        loading={recurring.isFetching}
        pagination={tablePagination(state, recurring.data?.meta)}
        onChange={onTableChange}
        size="middle"
        rowSelection={{
          selectedRowKeys: selectedIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelectedIds(keys as number[]),
          getCheckboxProps: (row) => ({
            disabled: !canDelete(row),
            'aria-label': `Select recurring request ${row.id}`,
          }),
        }}
        locale={{
          emptyText: recurring.isPending ? (
            <div style={{ height: 160 }} />
          ) : all ? (
            'No recurring requests yet.'
          ) : (
            'You have no recurring request. Choose an interval when you file a request.'
          ),
        }}
      />
    </>
  );
}
