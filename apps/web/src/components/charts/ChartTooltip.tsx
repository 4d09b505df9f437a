import { theme } from 'antd';
import { dollars } from '../../lib/chart-format';

interface Props {
  active?: boolean;
  title: string;
  items: ReadonlyArray<{ name: string; value: number; color: string }>;
}

/** The tooltip of every money chart: the period, then each series in dollars with 2 decimals. */
export function ChartTooltip({ active, title, items }: Props) {
  const { token } = theme.useToken();
  if (!active || items.length === 0) return null;
  return (
    <div
      style={{
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        boxShadow: token.boxShadowSecondary,
        padding: '8px 12px',
        fontSize: 12,
        lineHeight: '20px',
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 2 }}>{title}</div>
      {items.map((item) => (
        <div key={item.name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span
            aria-hidden
            style={{ width: 8, height: 8, borderRadius: '50%', background: item.color, flex: 'none' }}
          />
          <span style={{ color: token.colorTextSecondary }}>{item.name}</span>
          <span
            style={{
              marginInlineStart: 'auto',
              paddingInlineStart: 12,
              fontVariantNumeric: 'tabular-nums',
              fontWeight: 500,
            }}
          >
            {dollars(item.value)}
          </span>
        </div>
      ))}
    </div>
  );
}
