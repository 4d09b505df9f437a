import { ReloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

/**
 * Where a panel's data would be when its call failed (the notifier has already said why): a short line and a retry,
 * in the same height as the content, so nothing around it moves.
 */
export function LoadFailed({ height, onRetry, what = 'this' }: { height: number; onRetry: () => void; what?: string }) {
  return (
    <div
      role="alert"
      style={{
        height,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 8,
      }}
    >
      <Typography.Text type="secondary">{`We couldn't load ${what}.`}</Typography.Text>
      <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
