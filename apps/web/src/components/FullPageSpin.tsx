import { Flex, Spin } from 'antd';

/** A centered loader filling the viewport (or its container with `inline`), so nothing jumps when content arrives. */
export function FullPageSpin({ description, inline = false }: { description?: string; inline?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: inline ? 320 : '100vh', width: '100%' }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" description={description} />
    </Flex>
  );
}
