import { LockOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';

/**
 * A lock beside a transaction of a closed month; its tooltip (on hover, or on focus from the keyboard) says why its
 * memo and receipt can't change.
 */
export function TransactionLockIcon({ reason }: { reason: string }) {
  return (
    <Tooltip title={reason}>
      <LockOutlined role="img" aria-label={reason} tabIndex={0} style={{ color: 'rgba(0, 0, 0, 0.65)' }} />
    </Tooltip>
  );
}
