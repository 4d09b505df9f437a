import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useRequests } from '../api/get-requests';

const EMPTY = 'Nothing is waiting for your decision.';
const ALL_PENDING_PARAMS = { 'filter[pending]': 1, 'page[size]': 1 };

/**
 * The admin's empty Pending Request tab: nothing waits for them as an approver, but requests may be pending with
 * their teams' approvers. Saying "nothing is waiting" alone hides those, so it says how many and links to them.
 */
export function PendingElsewhere() {
  const pending = useRequests({ kind: 'all' }, ALL_PENDING_PARAMS);
  const total = pending.data?.meta.total ?? 0;
  return (
    <Flex vertical align="center" gap={4} style={{ minHeight: 48 }}>
      <span>{EMPTY}</span>
      {total > 0 && (
        <Typography.Text type="secondary">
          {total === 1 ? '1 request is' : `${total} requests are`} pending with their teams&apos; approvers:{' '}
          <Link to="/requests?tab=allRequest" style={{ textDecoration: 'underline' }}>
            see All Request
          </Link>
        </Typography.Text>
      )}
    </Flex>
  );
}

export const PENDING_EMPTY_TEXT = EMPTY;
