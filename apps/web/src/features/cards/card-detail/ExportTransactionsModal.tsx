import { Button, Col, DatePicker, Flex, Form, Modal, Row, Typography } from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMATS, WIRE_DAY } from '../../../lib/dates';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useExportCardTransactions } from '../api/export-transactions';

interface Values {
  from?: Dayjs;
  to?: Dayjs;
}

/** PRODUCT.md §2 card-level date presets, each a [from, to] pair of days (both included). */
function presets(): { label: string; range: [Dayjs, Dayjs] }[] {
  const today = dayjs().startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Current Month', range: [today.startOf('month'), today] },
    { label: 'Last Month', range: [lastMonth.startOf('month'), lastMonth.endOf('month').startOf('day')] },
    { label: 'Last 60 Days', range: [today.subtract(59, 'day'), today] },
    { label: 'Last 90 Days', range: [today.subtract(89, 'day'), today] },
  ];
}

const RANGE_REQUIRED = 'Please select a date range';
const fromRules: FormRule[] = [{ required: true, message: RANGE_REQUIRED }];
const toRules: FormRule[] = [
  { required: true, message: RANGE_REQUIRED },
  ({ getFieldValue }) => ({
    validator: async (_rule, to?: Dayjs) => {
      const from = getFieldValue('from') as Dayjs | undefined;
      if (from && to && to.isBefore(from, 'day')) throw new Error('The end date must be on or after the start date');
    },
  }),
];
const isFuture = (day: Dayjs) => day.isAfter(dayjs(), 'day');

/**
 * Export Transactions: the card's posted transactions between two days (both included), as a file. Two
 * one-month pickers rather than a range picker: its two-month panel doesn't fit a phone.
 */
export function ExportTransactionsModal({
  cardId,
  open,
  onClose,
}: {
  cardId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const exportTransactions = useExportCardTransactions(cardId);
  const notifySuccess = useNotifySuccess();
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);

  const applyPreset = ([start, end]: [Dayjs, Dayjs]) => {
    form.setFieldsValue({ from: start, to: end });
    void form.validateFields(['from', 'to']).catch(() => undefined);
  };

  const handleFinish = (values: Values) => {
    if (!values.from || !values.to) return;
    exportTransactions.mutate(
      { from: values.from.format(WIRE_DAY), to: values.to.format(WIRE_DAY) },
      {
        onSuccess: (fileName) => {
          notifySuccess('Transactions exported', fileName);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title="Export Transactions"
      okText="Export"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={exportTransactions.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Posted transactions of this card between the two dates, both included.
      </Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 16 }} role="group" aria-label="Date range presets">
        {presets().map(({ label, range }) => {
          const active = Boolean(from && to && from.isSame(range[0], 'day') && to.isSame(range[1], 'day'));
          return (
            <Button
              key={label}
              size="small"
              type={active ? 'primary' : 'default'}
              aria-pressed={active}
              onClick={() => applyPreset(range)}
            >
              {label}
            </Button>
          );
        })}
      </Flex>
      <Form form={form} name="exportCardTransactions" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="From" name="from" rules={fromRules} required>
              <DatePicker format={DATE_FORMATS.date} disabledDate={isFuture} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="To" name="to" rules={toRules} dependencies={['from']} required>
              <DatePicker format={DATE_FORMATS.date} disabledDate={isFuture} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
