import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { DATE_FORMATS } from '../../../lib/dates';
import { useIsMobile } from '../../../lib/use-media-query';
import { transactionPresets } from '../ranges';

export type Range = [Dayjs, Dayjs];

const future = (day: Dayjs) => day.isAfter(dayjs(), 'day');

/**
 * The transactions' date range with PRODUCT.md §2's presets. On a wide screen, one range picker with the presets beside
 * its two months; on a phone (where two months don't fit), a preset menu and two one-month pickers.
 */
export function DateRangeFilter({ value, onChange }: { value: Range | null; onChange: (range: Range | null) => void }) {
  const mobile = useIsMobile();
  const presets = useMemo(() => transactionPresets(), []);

  if (!mobile) {
    return (
      <DatePicker.RangePicker
        aria-label="Posted between"
        value={value}
        onChange={(next) => onChange(next?.[0] && next[1] ? [next[0], next[1]] : null)}
        presets={presets}
        // Either end may stay empty while moving between them: otherwise Tab can't leave an empty start date.
        allowEmpty={[true, true]}
        defaultPickerValue={[dayjs().subtract(1, 'month'), dayjs()]}
        disabledDate={future}
        format={DATE_FORMATS.date}
        allowClear
        style={{ flex: '1 1 260px', maxWidth: 320 }}
      />
    );
  }

  const preset = value
    ? presets.find(({ value: [from, to] }) => from.isSame(value[0], 'day') && to.isSame(value[1], 'day'))?.label
    : undefined;
  const setStart = (start: Dayjs | null) =>
    onChange(start ? [start, value && !value[1].isBefore(start, 'day') ? value[1] : start] : null);
  const setEnd = (end: Dayjs | null) =>
    onChange(end ? [value && !value[0].isAfter(end, 'day') ? value[0] : end, end] : null);

  return (
    <Flex vertical gap={8} style={{ width: '100%' }}>
      <Select
        aria-label="Date range"
        placeholder="Any date"
        allowClear
        value={preset ?? (value ? 'custom' : undefined)}
        onChange={(label?: string) =>
          onChange(presets.find((each) => each.label === label)?.value ?? (label === 'custom' ? value : null))
        }
        options={[
          ...presets.map(({ label }) => ({ value: label, label })),
          ...(value && !preset ? [{ value: 'custom', label: 'Custom dates' }] : []),
        ]}
      />
      <Flex gap={8}>
        <DatePicker
          aria-label="Start date"
          placeholder="Start date"
          value={value?.[0] ?? null}
          onChange={setStart}
          disabledDate={future}
          format={DATE_FORMATS.date}
          inputReadOnly
          style={{ flex: 1, minWidth: 0 }}
        />
        <DatePicker
          aria-label="End date"
          placeholder="End date"
          value={value?.[1] ?? null}
          onChange={setEnd}
          disabledDate={future}
          format={DATE_FORMATS.date}
          inputReadOnly
          style={{ flex: 1, minWidth: 0 }}
        />
      </Flex>
    </Flex>
  );
}
