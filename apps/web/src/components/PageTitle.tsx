import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The one h1 of a page. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 24, lineHeight: '32px', margin: '0 0 24px' }}>
      {children}
    </Typography.Title>
  );
}
