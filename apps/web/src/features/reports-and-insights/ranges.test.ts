import dayjs from 'dayjs';
import { TRANSACTION_DATE_PRESETS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { WIRE_DAY } from '../../lib/dates';
import { expensesBetween, lastDays, transactionPresets, windowOf } from './ranges';

describe('report ranges', () => {
  const now = dayjs('2025-03-14T10:30:00');

  it('has the eight product presets, in order, as whole days', () => {
    const presets = transactionPresets(now);
    expect(presets.map((preset) => preset.label)).toEqual([...TRANSACTION_DATE_PRESETS]);
    const between = Object.fromEntries(
      presets.map(({ label, value: [from, to] }) => [
        label,
        expensesBetween({ from: from.format(WIRE_DAY), to: to.format(WIRE_DAY) }),
      ]),
    );
    expect(between).toEqual({
      Today: 'day,2025-03-14,2025-03-14',
      Yesterday: 'day,2025-03-13,2025-03-13',
      'Last 7 Days': 'day,2025-03-08,2025-03-14',
      'Last 30 Days': 'day,2025-02-13,2025-03-14',
      'Last 90 Days': 'day,2024-12-15,2025-03-14',
      'This Month': 'day,2025-03-01,2025-03-14',
      'Last Month': 'day,2025-02-01,2025-02-28',
      'This Year': 'day,2025-01-01,2025-03-14',
    });
  });

  it('turns the range menu into the last 30, 90, 180 or 365 days, today included', () => {
    expect(lastDays(30, now)).toEqual({ from: '2025-02-13', to: '2025-03-14' });
    expect(windowOf('1m', now)).toEqual({ from: '2025-02-13', to: '2025-03-14' });
    expect(windowOf('3m', now)).toEqual({ from: '2024-12-15', to: '2025-03-14' });
    expect(windowOf('6m', now)).toEqual({ from: '2024-09-16', to: '2025-03-14' });
    expect(windowOf('1y', now)).toEqual({ from: '2024-03-15', to: '2025-03-14' });
  });
});
