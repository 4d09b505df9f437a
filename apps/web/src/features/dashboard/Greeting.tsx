import { Typography } from 'antd';
import { greetingFor } from '@wallet/contract';
import { useState } from 'react';

/** 'Good {Morning/Afternoon/Evening}, {first name}' by the browser's local hour, plus the organisation. */
export function Greeting({ firstName, organizationName }: { firstName: string; organizationName: string }) {
  const [hour] = useState(() => new Date().getHours());
  return (
    <header style={{ marginBottom: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
        {`Good ${greetingFor(hour)}, ${firstName}`}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: 16 }}>
        {organizationName}
      </Typography.Text>
    </header>
  );
}
