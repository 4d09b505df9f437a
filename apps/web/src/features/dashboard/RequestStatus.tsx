import { Tag } from 'antd';
import { requestDisplayStatus, type DecisionState } from '@wallet/contract';

const COLORS = { Pending: 'gold', Approved: 'green', Rejected: 'red' } as const;

/** PRODUCT.md §4 display status of a purchase request, from its path and accounting states. */
export function RequestStatus({
  request,
}: {
  request: { approved_path: DecisionState; approved_accounting: DecisionState };
}) {
  const status = requestDisplayStatus(request);
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
