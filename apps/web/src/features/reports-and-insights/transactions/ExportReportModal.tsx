import { Checkbox, Form, Modal, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  REPORT_EXPORT_FIELDS,
  REPORT_EXPORT_FIELD_LABELS,
  REPORT_TEXTS,
  type ReportExportField,
  type ReportExportFormat,
} from '@wallet/contract';
import type { QueryParams } from '../../../lib/http';
import { useReportExport } from '../api/export-report';

interface Values {
  format: ReportExportFormat;
  columns: 'all' | 'custom';
  fields: ReportExportField[];
}

const initialValues: Values = { format: 'xlsx', columns: 'all', fields: [...REPORT_EXPORT_FIELDS] };
const fieldOptions = REPORT_EXPORT_FIELDS.map((field) => ({ value: field, label: REPORT_EXPORT_FIELD_LABELS[field] }));

const atLeastOneColumn: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: ReportExportField[] | undefined) => {
    if (getFieldValue('columns') === 'custom' && !value?.length) throw new Error(REPORT_TEXTS.atLeastOneColumn);
  },
});

/**
 * Export Report (PRODUCT.md §2): Excel or CSV, 'All (12)' columns or a custom choice, of the transactions the table shows
 * (its search, dates, filters and sort).
 */
export function ExportReportModal({
  open,
  onClose,
  filters,
}: {
  open: boolean;
  onClose: () => void;
  filters: QueryParams;
}) {
  const [form] = Form.useForm<Values>();
  const columns = Form.useWatch('columns', form);
  const reportExport = useReportExport();

  const handleFinish = (values: Values) => {
    const fields =
      values.columns === 'all'
        ? REPORT_EXPORT_FIELDS
        : REPORT_EXPORT_FIELDS.filter((field) => values.fields.includes(field));
    reportExport.mutate({ format: values.format, fields, filters }, { onSuccess: onClose });
  };

  return (
    <Modal
      open={open}
      title="Export Report"
      okText="Export"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reportExport.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The transactions the table shows: its search, date range, filters and order, on every page.
      </Typography.Paragraph>
      <Form form={form} name="exportReport" layout="vertical" initialValues={initialValues} onFinish={handleFinish}>
        <Form.Item label="File Format" name="format">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'xlsx', label: 'Excel' },
              { value: 'csv', label: 'CSV' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Columns" name="columns">
          <Radio.Group
            options={[
              { value: 'all', label: `All (${REPORT_EXPORT_FIELDS.length})` },
              { value: 'custom', label: 'Custom' },
            ]}
          />
        </Form.Item>
        <Form.Item name="fields" dependencies={['columns']} rules={[atLeastOneColumn]} hidden={columns !== 'custom'}>
          <Checkbox.Group
            aria-label="Columns to export"
            options={fieldOptions}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '8px 16px' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
