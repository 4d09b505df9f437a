import { Card, Empty, Typography, theme } from 'antd';
import { PAGE_SIZES, type AnalyticsTopRow } from '@wallet/contract';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { formatMoney } from '../../../lib/format';
import { useTopRows, type TopKind } from '../api/analytics';
import type { DayRange } from '../ranges';

const ROW_HEIGHT = 46;
const BODY_HEIGHT = ROW_HEIGHT * PAGE_SIZES.topFive;

interface Props {
  title: string;
  kind: TopKind;
  /** The window of spending; null for figures as of now (card balances). */
  window: DayRange | null;
  caption: string;
  emptyText: string;
  /** Where a row links to, when it names something with a page. */
  linkOf?: (row: AnalyticsTopRow) => string | undefined;
}

/** One of the four top-5 boxes: rank, name, amount in dollars, and a bar against the first. */
export function TopFiveBox({ title, kind, window, caption, emptyText, linkOf }: Props) {
  const { token } = theme.useToken();
  // Every state is five rows tall, side by side or stacked on a phone: nothing below moves when a list turns out short.
  const listHeight = BODY_HEIGHT;
  const top = useTopRows(kind, window, PAGE_SIZES.topFive);
  const rows = top.data ?? [];
  const highest = Math.max(...rows.map((row) => Math.abs(row.amount)), 1);

  let body;
  if (top.isPending) body = <LoadingBlock height={BODY_HEIGHT} label={`Loading ${title}`} />;
  else if (top.isError && !top.data)
    body = <LoadFailed height={BODY_HEIGHT} onRetry={() => void top.refetch()} what={title} />;
  else if (rows.length === 0)
    body = (
      <div style={{ height: listHeight, display: 'grid', placeItems: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  else
    body = (
      <ol aria-label={title} style={{ margin: 0, padding: 0, minHeight: listHeight }}>
        {rows.map((row, index) => {
          const to = linkOf?.(row);
          return (
            <li
              key={`${row.id ?? 'none'}-${index}`}
              style={{ listStyle: 'none', height: ROW_HEIGHT, display: 'flex', alignItems: 'center', gap: 10 }}
            >
              <span
                aria-hidden
                style={{
                  flex: 'none',
                  width: 22,
                  height: 22,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 600,
                  background: index === 0 ? token.colorPrimary : token.colorFillSecondary,
                  color: index === 0 ? token.colorWhite : token.colorText,
                }}
              >
                {index + 1}
              </span>
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <Typography.Text ellipsis={{ tooltip: row.label }} style={{ minWidth: 0 }}>
                    {to ? <Link to={to}>{row.label}</Link> : row.label}
                  </Typography.Text>
                  <Typography.Text strong style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(row.amount)}
                  </Typography.Text>
                </div>
                <div
                  aria-hidden
                  style={{ height: 4, borderRadius: 2, background: token.colorFillTertiary, marginTop: 4 }}
                >
                  <div
                    style={{
                      width: `${(Math.abs(row.amount) / highest) * 100}%`,
                      height: '100%',
                      borderRadius: 2,
                      background: token.colorPrimary,
                      opacity: 0.7,
                    }}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    );

  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 15 }}>{title}</h3>}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {caption}
        </Typography.Text>
      }
      style={{ height: '100%' }}
      styles={{ body: { paddingBlock: 12 } }}
    >
      {body}
    </Card>
  );
}
