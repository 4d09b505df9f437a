import { Skeleton } from 'antd';

/** A skeleton block of a fixed height: what a chart or a figure shows while it loads, so the layout does not jump. */
export function LoadingBlock({
  height,
  width = '100%',
  label = 'Loading',
}: {
  height: number;
  width?: number | string;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} style={{ height, width, overflow: 'hidden' }}>
      <Skeleton.Node active styles={{ root: { width: '100%', height }, content: { width: '100%', height } }}>
        <span />
      </Skeleton.Node>
    </div>
  );
}
