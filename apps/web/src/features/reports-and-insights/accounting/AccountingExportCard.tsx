import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Flex, Form, Radio, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import {
  ACCOUNTING_EXPORT_FORMATS,
  ACCOUNTING_EXPORT_FORMAT_LABELS,
  ACCOUNTING_EXPORT_TEXTS,
  ACCOUNTING_FILE_LIMITS,
  type AccountingExportFormat,
} from '@wallet/contract';
import { WIRE_DAY } from '../../../lib/dates';
import type { DayRange } from '../ranges';
import { accountingExportUrl, receiptsArchiveUrl, useReviewedCount } from './api';

/** The whole month holding `month`, as UTC days (the export's days are UTC). */
export function monthPeriod(month: Dayjs): DayRange {
  return { from: month.startOf('month').format(WIRE_DAY), to: month.endOf('month').format(WIRE_DAY) };
}

const formatOptions = ACCOUNTING_EXPORT_FORMATS.map((format) => ({
  value: format,
  label: ACCOUNTING_EXPORT_FORMAT_LABELS[format],
}));

/**
 * Month-end files for accounting (issue 21.7), for admins: a month (last month to start with), QuickBooks Online or
 * Xero, then the reviewed transactions as a bank-statement CSV and the month's receipts as a ZIP. Both are plain
 * links: the browser saves the streamed file as it arrives, however large.
 */
export function AccountingExportCard({ today = dayjs() }: { today?: Dayjs }) {
  const [month, setMonth] = useState<Dayjs>(() => today.subtract(1, 'month').startOf('month'));
  const [format, setFormat] = useState<AccountingExportFormat>('quickbooks');
  const period = useMemo(() => monthPeriod(month), [month]);
  const count = useReviewedCount(period);

  // More lines than one import takes: the download is a ZIP of files (the server also splits by size, which no count shows).
  const inParts = !!count.data && count.data.total > ACCOUNTING_FILE_LIMITS.lines;
  let countText = null;
  if (count.isPending) countText = <Skeleton.Input active size="small" aria-label={ACCOUNTING_EXPORT_TEXTS.counting} />;
  else if (count.data && count.data.total === 0)
    countText = <Alert type="info" showIcon title={ACCOUNTING_EXPORT_TEXTS.noneReviewed} />;
  else if (count.data)
    countText = (
      <Flex vertical gap={8}>
        <Typography.Text strong>
          {ACCOUNTING_EXPORT_TEXTS.reviewedCount(count.data.total, count.data.lowerBound)}
        </Typography.Text>
        {inParts && <Alert type="info" showIcon title={ACCOUNTING_EXPORT_TEXTS.inParts} />}
      </Flex>
    );

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{ACCOUNTING_EXPORT_TEXTS.title}</h2>}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{ACCOUNTING_EXPORT_TEXTS.intro}</Typography.Text>
        <Typography.Text>{ACCOUNTING_EXPORT_TEXTS.onlyReviewed}</Typography.Text>
        <Form layout="vertical" component="div" style={{ maxWidth: 560 }}>
          <Flex wrap gap={16}>
            <Form.Item label={ACCOUNTING_EXPORT_TEXTS.period} htmlFor="accounting-export-month" style={{ margin: 0 }}>
              <DatePicker
                id="accounting-export-month"
                picker="month"
                format="MMMM YYYY"
                allowClear={false}
                aria-label={ACCOUNTING_EXPORT_TEXTS.periodLabel}
                value={month}
                onChange={(value) => value && setMonth(value.startOf('month'))}
                disabledDate={(value) => value.isAfter(today, 'month')}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item label={ACCOUNTING_EXPORT_TEXTS.format} style={{ margin: 0 }}>
              <Radio.Group
                optionType="button"
                aria-label={ACCOUNTING_EXPORT_TEXTS.format}
                options={formatOptions}
                value={format}
                onChange={(event) => setFormat(event.target.value as AccountingExportFormat)}
              />
            </Form.Item>
          </Flex>
        </Form>
        <div aria-live="polite">{countText}</div>
        <Flex wrap gap={8}>
          <Button type="primary" icon={<DownloadOutlined />} href={accountingExportUrl(format, period)} download>
            {inParts ? ACCOUNTING_EXPORT_TEXTS.downloadCsvParts : ACCOUNTING_EXPORT_TEXTS.downloadCsv}
          </Button>
          <Button icon={<FileZipOutlined />} href={receiptsArchiveUrl(period)} download>
            {ACCOUNTING_EXPORT_TEXTS.downloadReceipts}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
