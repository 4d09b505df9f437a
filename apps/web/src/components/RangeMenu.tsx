import { CalendarOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { CHART_RANGES, chartRange, type ChartRangeKey } from '../lib/analytics';

/** The range menu of PRODUCT.md §2 (1 Month, 3 Months, 6 Months, 1 Year): a button showing the range, opening the choices. */
export function RangeMenu({
  value,
  onChange,
  label = 'Chart range',
}: {
  value: ChartRangeKey;
  onChange: (key: ChartRangeKey) => void;
  label?: string;
}) {
  const current = chartRange(value);
  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: CHART_RANGES.map((range) => ({ key: range.key, label: range.label })),
        onClick: ({ key }) => onChange(key as ChartRangeKey),
      }}
    >
      <Button aria-label={`${label}: ${current.label}`} icon={<CalendarOutlined aria-hidden />}>
        {current.label} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
