import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Dropdown, Flex, Row, Typography } from 'antd';
import { REPORT_EXPORT_FIELDS, REPORT_TEXTS } from '@wallet/contract';
import type { ReactNode } from 'react';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { RangeMenu } from '../../../components/RangeMenu';
import { chartRange, type ChartRangeKey } from '../../../lib/analytics';
import { saveTextFile } from '../../../lib/csv';
import { formatDay } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { seriesQueryOptions, totalQueryOptions, useTotal } from '../api/analytics';
import { countExpenses, useExpenseCount } from '../api/expenses';
import { expenseKeys } from '../api/keys';
import { useReportExport } from '../api/export-report';
import { expensesBetween, rangePhrase, type DayRange } from '../ranges';
import { summaryCsv } from './summary-csv';

const FIGURE_HEIGHT = 40;

function Figure({
  label,
  value,
  loading,
  tone,
}: {
  label: string;
  value: ReactNode;
  loading: boolean;
  tone?: 'success' | 'danger';
}) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        {label}
      </Typography.Text>
      {loading ? (
        <LoadingBlock height={FIGURE_HEIGHT} width={140} label={`Loading ${label}`} />
      ) : (
        <Typography.Text
          type={tone}
          style={{
            display: 'block',
            fontSize: 'clamp(17px, 4.8vw, 24px)',
            lineHeight: `${FIGURE_HEIGHT}px`,
            whiteSpace: 'nowrap',
            fontWeight: 600,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {value}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Summary (PRODUCT.md §2): total spending, total funding, the net and the number of transactions in the range menu's
 * window, and Export As CSV: these figures per period (made here), or the range's transactions (from the server).
 */
export function SummaryCard({
  rangeKey,
  onRangeChange,
  window,
}: {
  rangeKey: ChartRangeKey;
  onRangeChange: (key: ChartRangeKey) => void;
  window: DayRange;
}) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const spending = useTotal('spending', window);
  const funding = useTotal('funding', window);
  const count = useExpenseCount(window);
  const reportExport = useReportExport();
  const net = spending.data !== undefined && funding.data !== undefined ? funding.data - spending.data : undefined;
  const range = chartRange(rangeKey);

  const exportSummary = async () => {
    try {
      const [spent, funded, transactions, spendingByPeriod, fundingByPeriod] = await Promise.all([
        queryClient.fetchQuery(totalQueryOptions('spending', window)),
        queryClient.fetchQuery(totalQueryOptions('funding', window)),
        queryClient
          .fetchQuery({ queryKey: expenseKeys.count(window), queryFn: () => countExpenses(window) })
          .catch(() => undefined),
        queryClient.fetchQuery(seriesQueryOptions('spending', range)),
        queryClient.fetchQuery(seriesQueryOptions('funding', range)),
      ]);
      const csv = summaryCsv({
        organisation: me.organization?.name ?? '',
        rangeLabel: range.label,
        window,
        spending: spent,
        funding: funded,
        count: transactions,
        spendingByPeriod,
        fundingByPeriod,
        periodUnit: range.unit,
      });
      const fileName = `spend-summary-${window.from}-to-${window.to}.csv`;
      saveTextFile(fileName, csv);
      notification.success({
        key: 'summary-export',
        title: REPORT_TEXTS.generated,
        description: fileName,
        placement: 'bottomRight',
      });
    } catch {
      notification.warning({
        key: 'summary-export',
        title: 'Report export failed',
        description: REPORT_TEXTS.unknownExportError,
        placement: 'bottomRight',
      });
    }
  };

  const exportTransactions = () =>
    reportExport.mutate({
      format: 'csv',
      fields: REPORT_EXPORT_FIELDS,
      filters: { 'filter[between]': expensesBetween(window), sort: '-posted_date' },
    });

  return (
    <Card>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
        <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>Summary</h2>
        <Flex gap={8} wrap>
          <RangeMenu value={rangeKey} onChange={onRangeChange} label="Summary range" />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'summary', label: 'Summary figures by period', onClick: () => void exportSummary() },
                { key: 'transactions', label: 'Transactions in this range', onClick: exportTransactions },
              ],
            }}
          >
            <Button icon={<DownloadOutlined aria-hidden />} loading={reportExport.isPending}>
              {REPORT_TEXTS.exportAsCsv} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </Flex>
      </Flex>
      <Row gutter={[24, 16]}>
        <Col xs={12} lg={6}>
          <Figure
            label="Total Spending"
            value={spending.data !== undefined ? formatMoney(spending.data) : '—'}
            loading={spending.isPending}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Figure
            label="Total Funding"
            value={funding.data !== undefined ? formatMoney(funding.data) : '—'}
            loading={funding.isPending}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Figure
            label="Net (Funding − Spending)"
            value={net !== undefined ? formatMoney(net) : '—'}
            loading={spending.isPending || funding.isPending}
            tone={net === undefined ? undefined : net < 0 ? 'danger' : 'success'}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Figure
            label={REPORT_TEXTS.summaryTransactions}
            value={count.data !== undefined ? count.data.toLocaleString('en-US') : '—'}
            loading={count.isPending}
          />
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
        {`In ${rangePhrase(rangeKey)} (${formatDay(window.from)} to ${formatDay(window.to)}).`}
      </Typography.Text>
    </Card>
  );
}
