import { useId, useMemo } from 'react';
import { Area, AreaChart, Bar, BarChart, ResponsiveContainer, Tooltip, XAxis } from 'recharts';
import type { AnalyticsRow, PeriodUnit } from '../../lib/analytics';
import { dollars, periodLabel } from '../../lib/chart-format';
import { ChartTooltip } from './ChartTooltip';
import { initialDimension, visuallyHidden } from './MoneyChart';

interface Props {
  rows: readonly AnalyticsRow[];
  unit: PeriodUnit;
  name: string;
  color: string;
  height?: number;
  kind?: 'area' | 'bar';
  /** As MoneyChart's: the width drawn at before the box is measured (none: drawn once, measured). */
  initialWidth?: number;
}

/** A small chart beside a figure (KPI cards): no axes, a tooltip in dollars, a text alternative for screen readers. */
export function Sparkline({ rows, unit, name, color, height = 56, kind = 'area', initialWidth }: Props) {
  const id = useId().replace(/:/g, '');
  const data = useMemo(() => rows.map((row) => ({ date: row.date, amount: Number(row.amount) })), [rows]);
  const tooltip = (
    <Tooltip
      cursor={kind === 'bar' ? { fill: 'rgba(0, 0, 0, 0.04)' } : { stroke: color, strokeOpacity: 0.3 }}
      allowEscapeViewBox={{ x: false, y: true }}
      content={({ active, payload, label }) => (
        <ChartTooltip
          active={active}
          title={typeof label === 'string' ? periodLabel(unit, label) : ''}
          items={(payload ?? []).map((item) => ({ name, value: Number(item.value), color }))}
        />
      )}
    />
  );
  return (
    <figure
      style={{ margin: 0, height, position: 'relative' }}
      aria-label={name}
      aria-describedby={`${id}-description`}
    >
      <p id={`${id}-description`} style={visuallyHidden}>
        {rows.map((row) => `${periodLabel(unit, row.date)} ${dollars(Number(row.amount))}`).join(', ')}
      </p>
      <ResponsiveContainer width="100%" height={height} initialDimension={initialDimension(initialWidth, height)}>
        {kind === 'bar' ? (
          <BarChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
            <XAxis dataKey="date" hide />
            {tooltip}
            <Bar dataKey="amount" fill={color} radius={[2, 2, 0, 0]} maxBarSize={16} isAnimationActive={false} />
          </BarChart>
        ) : (
          <AreaChart data={data} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={color} stopOpacity={0.3} />
                <stop offset="100%" stopColor={color} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <XAxis dataKey="date" hide />
            {tooltip}
            <Area
              dataKey="amount"
              stroke={color}
              strokeWidth={2}
              fill={`url(#${id}-fill)`}
              type="monotone"
              isAnimationActive={false}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
