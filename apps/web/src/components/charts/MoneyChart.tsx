import { Empty, theme } from 'antd';
import { useId, useMemo } from 'react';
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsRow, PeriodUnit } from '../../lib/analytics';
import {
  alignedTicks,
  compactDollars,
  dollars,
  niceTicks,
  periodLabel,
  periodTickFormatter,
} from '../../lib/chart-format';
import { ChartTooltip } from './ChartTooltip';

/** One line, area or bar of a money chart: rows of {date, amount in cents}. */
export interface MoneySeries {
  key: string;
  name: string;
  rows: readonly AnalyticsRow[];
  color: string;
  kind?: 'area' | 'line' | 'bar';
  /** 'right' draws the series against its own axis on the right (amounts of another magnitude, e.g. spend beside a balance). */
  axis?: 'left' | 'right';
}

interface Props {
  series: readonly MoneySeries[];
  unit: PeriodUnit;
  height: number;
  /** What the chart shows, for screen readers (the figures are read out after it). */
  label: string;
  /** Shown instead of the chart when every amount is zero. */
  emptyText?: string;
  legend?: boolean;
  /**
   * The width drawn at before the chart's box is measured. None (the default) draws the chart once, at its measured
   * width; a width draws it at once and again when measured (SignInWarmUp: a box outside the document has no size).
   */
  initialWidth?: number;
}

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * ResponsiveContainer's first size. Drawn at a guessed width, each chart was drawn twice after sign-in (then again at
 * its measured width); recharts' own default (-1) waits for the measure, which its effect takes before the first paint.
 */
export const initialDimension = (width: number | undefined, height: number) => ({ width: width ?? -1, height });

type Point = { date: string } & Record<string, number | string>;

/** Rows of several series merged by date, in date order. */
export function mergeSeries(series: readonly MoneySeries[]): Point[] {
  const byDate = new Map<string, Point>();
  for (const { key, rows } of series) {
    for (const row of rows) {
      const point = byDate.get(row.date) ?? { date: row.date };
      point[key] = Number(row.amount);
      byDate.set(row.date, point);
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** A text alternative: each series with its amount per period. */
function describe(series: readonly MoneySeries[], unit: PeriodUnit): string {
  return series
    .map(
      ({ name, rows }) =>
        `${name}: ${rows.map((row) => `${periodLabel(unit, row.date)} ${dollars(Number(row.amount))}`).join(', ')}`,
    )
    .join('. ');
}

/**
 * A chart of money over days or months: readable period names on the x axis, compact dollars on the y axis, and a
 * tooltip in dollars with 2 decimals. It keeps its height whatever the data, so nothing below it moves.
 */
export function MoneyChart({
  series,
  unit,
  height,
  label,
  emptyText = 'No activity in this period',
  legend = series.length > 1,
  initialWidth,
}: Props) {
  const { token } = theme.useToken();
  const id = useId().replace(/:/g, '');
  const data = useMemo(() => mergeSeries(series), [series]);
  const dates = useMemo(() => data.map((point) => point.date), [data]);
  const tick = useMemo(() => periodTickFormatter(unit, dates), [unit, dates]);
  const rightSeries = series.find((item) => item.axis === 'right');
  // Round ticks; with two axes both get the same count, so the grid lines fit both, and zero is at the bottom.
  const [leftTicks, rightTicks] = useMemo(() => {
    const maxOf = (side: 'left' | 'right') =>
      Math.max(
        0,
        ...series
          .filter((item) => (item.axis ?? 'left') === side)
          .flatMap((item) => item.rows.map((row) => Number(row.amount))),
      );
    return alignedTicks(niceTicks(maxOf('left')), niceTicks(maxOf('right')));
  }, [series]);
  // Round ticks from zero when nothing is negative (or there are two axes); otherwise the chart's own.
  const roundTicks = Boolean(rightSeries) || series.every(({ rows }) => rows.every((row) => Number(row.amount) >= 0));
  const leftColor = series.find((item) => item.axis !== 'right')?.color ?? token.colorTextSecondary;
  const empty = data.length === 0 || series.every(({ rows }) => rows.every((row) => Number(row.amount) === 0));

  if (empty) {
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
        {describe(series, unit)}
      </p>
      <ResponsiveContainer width="100%" height={height} initialDimension={initialDimension(initialWidth, height)}>
        <ComposedChart data={data} margin={{ top: 8, right: rightSeries ? 0 : 8, bottom: 0, left: 0 }}>
          <defs>
            {series.map(({ key, color }) => (
              <linearGradient key={key} id={`${id}-${key}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={color} stopOpacity={0.28} />
                <stop offset="100%" stopColor={color} stopOpacity={0.02} />
              </linearGradient>
            ))}
          </defs>
          <CartesianGrid vertical={false} stroke={token.colorSplit} />
          <XAxis
            dataKey="date"
            tickFormatter={tick}
            tick={{ fontSize: 12, fill: token.colorTextSecondary }}
            tickLine={false}
            axisLine={{ stroke: token.colorBorder }}
            minTickGap={16}
            interval="preserveStartEnd"
          />
          <YAxis
            yAxisId="left"
            {...(roundTicks && {
              ticks: leftTicks,
              domain: [0, leftTicks[leftTicks.length - 1]!],
              allowDataOverflow: true,
            })}
            tickFormatter={compactDollars}
            tick={{ fontSize: 12, fill: rightSeries ? leftColor : token.colorTextSecondary }}
            tickLine={false}
            axisLine={false}
            width={56}
            allowDecimals={false}
          />
          {rightSeries && (
            <YAxis
              yAxisId="right"
              orientation="right"
              // Zero at the bottom, level with the left axis' zero; a day of net refunds shows in the tooltip only.
              ticks={rightTicks}
              domain={[0, rightTicks[rightTicks.length - 1]!]}
              allowDataOverflow
              tickFormatter={compactDollars}
              tick={{ fontSize: 12, fill: rightSeries.color }}
              tickLine={false}
              axisLine={false}
              width={56}
              allowDecimals={false}
            />
          )}
          <Tooltip
            cursor={{ stroke: token.colorBorder }}
            content={({ active, payload, label: date }) => (
              <ChartTooltip
                active={active}
                title={typeof date === 'string' ? periodLabel(unit, date) : ''}
                items={(payload ?? []).map((item) => ({
                  name: String(item.name),
                  value: Number(item.value),
                  color: String(item.color ?? item.stroke),
                }))}
              />
            )}
          />
          {legend && <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />}
          {series.map(({ key, name, color, kind = 'area', axis = 'left' }) => {
            if (kind === 'bar')
              return (
                <Bar
                  key={key}
                  yAxisId={axis}
                  dataKey={key}
                  name={name}
                  fill={color}
                  radius={[3, 3, 0, 0]}
                  maxBarSize={28}
                  isAnimationActive={false}
                />
              );
            if (kind === 'line')
              return (
                <Line
                  key={key}
                  yAxisId={axis}
                  dataKey={key}
                  name={name}
                  stroke={color}
                  strokeWidth={2}
                  dot={false}
                  type="monotone"
                  isAnimationActive={false}
                />
              );
            return (
              <Area
                key={key}
                yAxisId={axis}
                dataKey={key}
                name={name}
                stroke={color}
                strokeWidth={2}
                fill={`url(#${id}-${key})`}
                type="monotone"
                isAnimationActive={false}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
