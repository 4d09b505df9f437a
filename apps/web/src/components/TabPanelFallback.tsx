import { Skeleton } from 'antd';

/** What a lazily loaded tab shows while its code arrives: about as tall as the content, so nothing jumps. */
export function TabPanelFallback() {
  return (
    <div role="status" aria-label="Loading" style={{ minHeight: 360, paddingTop: 8 }}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}
