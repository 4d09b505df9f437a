import { DatePicker, Form, Modal, Typography } from 'antd';
import type { TimeRangePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useExportCardTransactions } from '../api/export-transactions';

type Range = [Dayjs, Dayjs];

/** SPEC §2 card-level date presets. */
function presets(): TimeRangePickerProps['presets'] {
  const today = dayjs().endOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: 'Current Month', value: [today.startOf('month'), today] },
    { label: 'Last Month', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
    { label: 'Last 60 Days', value: [today.subtract(59, 'day').startOf('day'), today] },
    { label: 'Last 90 Days', value: [today.subtract(89, 'day').startOf('day'), today] },
  ];
}

const rangeRules = [{ required: true, message: 'Please select a date range' }];
const DAY = 'YYYY-MM-DD';

/** Export Transactions: the card's posted transactions between two dates (both included), as a file. */
export function ExportTransactionsModal({ cardId, open, onClose }: { cardId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ range?: Range }>();
  const exportTransactions = useExportCardTransactions(cardId);
  const notifySuccess = useNotifySuccess();

  const handleFinish = ({ range }: { range?: Range }) => {
    if (!range) return;
    const [from, to] = range;
    exportTransactions.mutate(
      { from: from.format(DAY), to: to.format(DAY) },
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
      <Typography.Paragraph type="secondary">Posted transactions of this card between the two dates, both included.</Typography.Paragraph>
      <Form form={form} name="exportCardTransactions" layout="vertical" requiredMark="optional" onFinish={handleFinish}>
        <Form.Item label="Date Range" name="range" rules={rangeRules} required>
          <DatePicker.RangePicker
            presets={presets()}
            defaultPickerValue={[dayjs().subtract(1, 'month'), dayjs()]}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            format="MMM D, YYYY"
            allowClear
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
