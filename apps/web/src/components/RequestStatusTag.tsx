import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { requestDisplayStatus, type DecisionState } from '@wallet/contract';

const LOOK = {
  Pending: { color: 'gold', icon: <ClockCircleOutlined aria-hidden /> },
  Approved: { color: 'green', icon: <CheckCircleOutlined aria-hidden /> },
  Rejected: { color: 'red', icon: <CloseCircleOutlined aria-hidden /> },
} as const;

/** A purchase request's display status (PRODUCT.md §4): Pending, Approved or Rejected, from its two states. */
export function RequestStatusTag({
  request,
}: {
  request: { approved_path: DecisionState; approved_accounting: DecisionState };
}) {
  const status = requestDisplayStatus(request);
  return (
    <Tag color={LOOK[status].color} icon={LOOK[status].icon} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}

const STATE_LOOK: Record<DecisionState, { color: string; label: string }> = {
  pending: { color: 'default', label: 'Pending' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
};

/** One approver's state (PRODUCT.md §4: pending, approved or rejected). */
export function DecisionStateTag({ state }: { state: DecisionState }) {
  return (
    <Tag color={STATE_LOOK[state].color} style={{ marginInlineEnd: 0 }}>
      {STATE_LOOK[state].label}
    </Tag>
  );
}
