import { Empty, theme } from 'antd';
import type { AnalyticsTopRow } from '@wallet/contract';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTooltip } from '../../../components/charts/ChartTooltip';
import { visuallyHidden } from '../../../components/charts/MoneyChart';
import { compactDollars } from '../../../lib/chart-format';
import { formatMoney } from '../../../lib/format';
import { REPORT_COLORS } from '../colors';

const BAR_ROW = 34;
const MAX_BARS = 10;

/** The chart height for `count` rows: what a loading skeleton reserves, so nothing jumps. */
export const rankedChartHeight = (count: number) => Math.max(Math.min(count, MAX_BARS), 3) * BAR_ROW + 32;

const shorten = (label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label);

/** Horizontal bars of the first ten rows, largest on top, in dollars; a text alternative lists every row. */
export function RankedBarChart({
  rows,
  label,
  emptyText,
}: {
  rows: readonly AnalyticsTopRow[];
  label: string;
  emptyText: string;
}) {
  const { token } = theme.useToken();
  const id = useId().replace(/:/g, '');
  const data = rows
    .slice(0, MAX_BARS)
    .map((row, index) => ({ key: `${row.id ?? 'none'}-${index}`, label: row.label, amount: row.amount }));
  const height = rankedChartHeight(rows.length);

  if (data.length === 0) {
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return (
    <figure
      style={{ margin: 0, height, position: 'relative' }}
      aria-label={label}
      aria-describedby={`${id}-description`}
    >
      <p id={`${id}-description`} style={visuallyHidden}>
        {data.map((row) => `${row.label} ${formatMoney(row.amount)}`).join(', ')}
      </p>
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid horizontal={false} stroke={token.colorSplit} />
          <XAxis
            type="number"
            tickFormatter={compactDollars}
            tick={{ fontSize: 12, fill: token.colorTextSecondary }}
            tickLine={false}
            axisLine={false}
            // On a phone the five amounts would touch: leave some out rather than run them together.
            minTickGap={12}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={128}
            tickFormatter={shorten}
            tick={{ fontSize: 12, fill: token.colorText }}
            tickLine={false}
            axisLine={{ stroke: token.colorBorder }}
            interval={0}
          />
          <Tooltip
            cursor={{ fill: token.colorFillTertiary }}
            content={({ active, payload }) => {
              const point = payload?.[0]?.payload as { label: string; amount: number } | undefined;
              return (
                <ChartTooltip
                  active={active}
                  title={point?.label ?? ''}
                  items={point ? [{ name: 'Spending', value: point.amount, color: token.colorPrimary }] : []}
                />
              );
            }}
          />
          <Bar dataKey="amount" name="Spending" radius={[0, 3, 3, 0]} maxBarSize={22} isAnimationActive={false}>
            {data.map((row, index) => (
              <Cell key={row.key} fill={REPORT_COLORS.ranks[index % REPORT_COLORS.ranks.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
