import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { INTERVAL_DAYS, REQUEST_TEXTS, formatCents, isAdmin, type PurchaseRequestResource } from '@wallet/contract';
import type { ReactNode } from 'react';
import { RequestStatusTag } from '../../../components/RequestStatusTag';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { TeamTag } from '../../../components/TeamTag';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatDate, formatDay } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { useRequest } from '../api/get-request';
import { intervalLabel } from '../requests-list/cells';
import { ApprovalChain, bothPending, currentStep } from './ApprovalChain';
import { ApproverDecision, ForceDecision } from './DecisionPanel';

interface Props {
  requestId: number | undefined;
  open: boolean;
  onClose: () => void;
  /** Edit Request, offered to the requester while nothing is decided. */
  onEdit?: (id: number) => void;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function AdminNotice({ request }: { request: PurchaseRequestResource }) {
  if (request.approved_accounting === 'pending') return null;
  const approved = request.approved_accounting === 'approved';
  return (
    <Alert
      type={approved ? 'success' : 'error'}
      showIcon
      style={{ marginBottom: 16 }}
      title={approved ? REQUEST_TEXTS.adminApproved : REQUEST_TEXTS.adminRejected}
      description={request.accounting_notes ?? undefined}
    />
  );
}

function recurrenceItems(request: PurchaseRequestResource): { key: string; label: string; children: ReactNode }[] {
  if (!request.interval) return [];
  const recurring = request.recurring_purchase_request;
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'start', label: 'Start Date', children: formatDay(request.start_date) },
    { key: 'end', label: 'End Date', children: request.end_date ? formatDay(request.end_date) : 'None' },
  ];
  if (recurring) {
    items.push(
      {
        key: 'recurring',
        label: 'Recurring Status',
        children: (
          <Flex gap={4} wrap>
            <Tag color={recurring.status === 'active' ? 'green' : 'default'}>
              {recurring.status === 'active' ? 'Active' : 'Inactive'}
            </Tag>
            {recurring.is_paused && (
              <Tag color="orange">{recurring.paused_by === 'system' ? 'Paused by the system' : 'Paused'}</Tag>
            )}
          </Flex>
        ),
      },
      { key: 'last', label: 'Last Funded', children: recurring.last_run ? formatDay(recurring.last_run) : 'Never' },
      {
        key: 'next',
        label: 'Next Funding',
        children: recurring.status === 'active' && recurring.next_run ? formatDay(recurring.next_run) : '—',
      },
    );
  }
  return items;
}

function RequestDetails({ request, onEdit }: { request: PurchaseRequestResource; onEdit?: (id: number) => void }) {
  const me = useCurrentUser();
  const pending = bothPending(request);
  const step = pending ? currentStep(request.approvals ?? []) : undefined;
  const myTurn = step !== undefined && step.approver_id === me.id;
  const mayForce = pending && isAdmin(me.roles) && request.user_id !== me.id;
  const editable =
    pending &&
    request.user_id === me.id &&
    (request.approvals ?? []).every((approval) => approval.approved === 'pending');

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <div>
          <Typography.Text type="secondary">Amount</Typography.Text>
          <div style={{ fontSize: 28, fontWeight: 600, lineHeight: '36px', fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(request.amount)}
          </div>
          <Typography.Text type="secondary">
            {request.interval
              ? `${intervalLabel(request.interval)}, every ${INTERVAL_DAYS[request.interval]} days`
              : 'Onetime'}
          </Typography.Text>
        </div>
        <Flex vertical align="flex-end" gap={8}>
          <RequestStatusTag request={request} />
          {editable && onEdit && (
            <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(request.id)}>
              {REQUEST_TEXTS.editRequest}
            </Button>
          )}
        </Flex>
      </Flex>
      <AdminNotice request={request} />
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 140 } }}
        items={[
          {
            key: 'requester',
            label: 'Requester',
            children: request.user ? (
              <Flex align="center" gap={8}>
                <UserAvatar name={request.user.name} src={request.user.avatar_url} size="small" />
                <span style={{ minWidth: 0 }}>
                  {request.user.name}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }}>
                    {request.user.email}
                  </Typography.Text>
                </span>
              </Flex>
            ) : (
              dash
            ),
          },
          {
            key: 'card',
            label: 'Card',
            children: request.card
              ? `${request.card.brand} •••• ${request.card.last4}${request.card.status === 'inactive' ? ' (inactive)' : ''}`
              : dash,
          },
          { key: 'team', label: 'Team', children: <TeamTag team={request.team} /> },
          { key: 'category', label: 'Category', children: request.wallet_category?.name ?? dash },
          {
            key: 'notes',
            label: 'Notes',
            children: <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{request.notes}</span>,
          },
          { key: 'submitted', label: 'Submitted', children: formatDate(request.submitted) },
          {
            key: 'transferred',
            label: 'Transferred',
            children: request.transferred ? formatDate(request.transferred) : dash,
          },
          ...recurrenceItems(request),
        ]}
      />
      <Divider titlePlacement="start">Approval Path</Divider>
      <ApprovalChain request={request} viewerId={me.id} />
      <Flex vertical gap={16}>
        {myTurn && step && <ApproverDecision key={step.id} request={request} step={step} />}
        {mayForce && <ForceDecision request={request} />}
      </Flex>
    </>
  );
}

/** View Request: the request, its approval chain with each step's state and comment, and what the viewer may decide. */
export function RequestDetailsDrawer({ requestId, open, onClose, onEdit }: Props) {
  const request = useRequest(requestId);
  let body: ReactNode;
  if (request.isError)
    body = <Result status="warning" title="This request could not be loaded." subTitle="It may have been deleted." />;
  else if (!request.data) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else body = <RequestDetails request={request.data} onEdit={onEdit} />;
  return (
    <ResponsiveDrawer title={REQUEST_TEXTS.detailsDrawerTitle} open={open} onClose={onClose} width={560}>
      {body}
    </ResponsiveDrawer>
  );
}
