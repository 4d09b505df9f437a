import { Skeleton } from 'antd';

/** A table body while its first page loads: rows of placeholders, about as tall as the page will be. */
export function TableLoading({ rows = 5 }: { rows?: number }) {
  return <Skeleton active title={false} paragraph={{ rows, width: '100%' }} style={{ padding: '8px 0' }} />;
}
