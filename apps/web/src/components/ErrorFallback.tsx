import { Button, Result, Typography } from 'antd';
import { MESSAGES } from '@wallet/contract';

/** What a page shows when it failed to load (PRODUCT.md §2 error boundary). */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="error"
      title={MESSAGES.errorBoundary}
      subTitle={<Typography.Text type="secondary">{message}</Typography.Text>}
      extra={
        <Button type="primary" onClick={onRetry}>
          {MESSAGES.tryAgain}
        </Button>
      }
    />
  );
}
