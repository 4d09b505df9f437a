import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Flex, Tag, Timeline, Typography, theme } from 'antd';
import type { ApprovalResource, PurchaseRequestResource } from '@wallet/contract';
import { DecisionStateTag } from '../../../components/RequestStatusTag';
import { UserAvatar } from '../../../components/UserAvatar';
import { formatDate } from '../../../lib/dates';

/** The first undecided step, in path order: whose turn it is while the request is pending. */
export function currentStep(approvals: readonly ApprovalResource[]): ApprovalResource | undefined {
  return [...approvals].sort((a, b) => a.position - b.position).find((approval) => approval.approved === 'pending');
}

export const bothPending = (request: Pick<PurchaseRequestResource, 'approved_path' | 'approved_accounting'>) =>
  request.approved_path === 'pending' && request.approved_accounting === 'pending';

function StepIcon({ approval, current, closed }: { approval: ApprovalResource; current: boolean; closed: boolean }) {
  const { token } = theme.useToken();
  if (approval.approved === 'approved')
    return <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess, fontSize: 16 }} />;
  if (approval.approved === 'rejected')
    return <CloseCircleFilled aria-hidden style={{ color: token.colorError, fontSize: 16 }} />;
  if (current && !closed)
    return <ClockCircleOutlined aria-hidden style={{ color: token.colorWarning, fontSize: 16 }} />;
  return <MinusCircleOutlined aria-hidden style={{ color: token.colorTextQuaternary, fontSize: 16 }} />;
}

/** The approval path of a request: each approver in order, their state, when they decided and their comment. */
export function ApprovalChain({ request, viewerId }: { request: PurchaseRequestResource; viewerId: number }) {
  const approvals = [...(request.approvals ?? [])].sort((a, b) => a.position - b.position);
  const current = currentStep(approvals);
  const closed = !bothPending(request);

  if (approvals.length === 0) {
    return (
      <Typography.Text type="secondary">This team has no approval path: an admin decides this request.</Typography.Text>
    );
  }

  return (
    <Timeline
      items={approvals.map((approval, index) => {
        const name = approval.approver?.name ?? `Approver #${approval.approver_id}`;
        const isCurrent = approval.id === current?.id && !closed;
        // A step still undecided when the request closed was skipped: it reads "Not needed", never "Pending".
        const skipped = approval.approved === 'pending' && closed;
        const stateText = skipped ? 'not needed' : approval.approved;
        return {
          key: approval.id,
          icon: <StepIcon approval={approval} current={isCurrent} closed={closed} />,
          content: (
            <Flex vertical gap={4} aria-label={`Step ${index + 1}: ${name}, ${stateText}`}>
              <Flex align="center" gap={8} wrap>
                <UserAvatar name={name} src={approval.approver?.avatar_url} size="small" />
                <Typography.Text strong>{name}</Typography.Text>
                {skipped ? (
                  <Tag style={{ marginInlineEnd: 0 }}>Not needed</Tag>
                ) : (
                  <DecisionStateTag state={approval.approved} />
                )}
                {isCurrent && (
                  <Typography.Text type="warning">
                    {approval.approver_id === viewerId ? 'Waiting for your decision' : 'Waiting for their decision'}
                  </Typography.Text>
                )}
              </Flex>
              {approval.decided_at && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {approval.approved === 'approved' ? 'Approved' : 'Rejected'} on {formatDate(approval.decided_at)}
                </Typography.Text>
              )}
              {approval.notes && (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  <Typography.Text type="secondary">Comment: </Typography.Text>
                  {approval.notes}
                </Typography.Paragraph>
              )}
            </Flex>
          ),
        };
      })}
    />
  );
}
