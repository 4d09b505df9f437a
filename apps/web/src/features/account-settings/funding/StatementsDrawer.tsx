import { DownloadOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  Empty,
  Flex,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { StatementLine, StatementMonth } from '@wallet/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { formatDayOfYear, formatMonth } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useExportStatement } from '../api/export-statement';
import { useStatements } from '../api/get-statements';
import { PHONE_QUERY } from './TopupsTable';
import { paths } from '../../../paths';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A line's day within the statement's month ("Mar 4"): its UTC day, like the statement and its CSV. */
const lineDate = (iso: string) => formatDayOfYear(iso.slice(0, 10));

/** Signed dollars: '+$250.00' into the funds, '-$30.00' out of them, '$0.00' for nothing. */
const signedMoney = (cents: number) => formatMoney(cents, { signed: true });

const TYPE_COLORS: Record<string, string> = { 'Top-up': 'green', 'Card funding': 'blue', 'Card defunding': 'purple' };

/** What moved: its type, description and, for a card funding, the card (a link to it). */
function LineDetails({ line }: { line: StatementLine }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={TYPE_COLORS[line.type]}>{line.type}</Tag>
      {line.description && <Typography.Text>{line.description}</Typography.Text>}
      {line.card && (
        <Link to={paths.card(line.card.id)}>
          {line.card.name} •••• {line.card.last4}
        </Link>
      )}
    </Flex>
  );
}

function LineAmount({ line }: { line: StatementLine }) {
  return (
    <Typography.Text style={money} type={line.amount > 0 ? 'success' : undefined}>
      {signedMoney(line.amount)}
    </Typography.Text>
  );
}

const columns: TableColumnsType<StatementLine> = [
  {
    title: 'Date',
    key: 'date',
    width: 80,
    render: (_, line) => <span style={{ whiteSpace: 'nowrap' }}>{lineDate(line.date)}</span>,
  },
  {
    title: 'Details',
    key: 'details',
    render: (_, line) => <LineDetails line={line} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    width: 130,
    render: (_, line) => <LineAmount line={line} />,
  },
  {
    title: 'Balance',
    key: 'balance',
    align: 'right',
    width: 130,
    render: (_, line) => <span style={money}>{formatMoney(line.balance)}</span>,
  },
];

/** On a phone: the details with the date on the left, the amount and the balance after it on the right. */
const phoneColumns: TableColumnsType<StatementLine> = [
  {
    title: 'Movement',
    key: 'movement',
    render: (_, line) => (
      <Flex justify="space-between" gap={12}>
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {lineDate(line.date)}
          </Typography.Text>
          <LineDetails line={line} />
        </Flex>
        <Flex vertical align="flex-end" gap={2}>
          <LineAmount line={line} />
          <Typography.Text type="secondary" style={{ ...money, fontSize: 12 }}>
            Balance {formatMoney(line.balance)}
          </Typography.Text>
        </Flex>
      </Flex>
    ),
  },
];

function MonthSummary({ month }: { month: StatementMonth }) {
  const figures = [
    { title: 'Opening Balance', value: formatMoney(month.opening) },
    { title: 'Money In', value: signedMoney(month.in) },
    { title: 'Money Out', value: signedMoney(-month.out) },
    { title: 'Closing Balance', value: formatMoney(month.closing) },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.title} xs={12} sm={6}>
          <Statistic
            title={figure.title}
            value={figure.value}
            styles={{ content: { fontSize: 18, fontVariantNumeric: 'tabular-nums' } }}
          />
        </Col>
      ))}
    </Row>
  );
}

/** The statement body: a month picker, the month's figures and its movements with the running balance. */
function StatementBody({ chosen, onChoose }: { chosen: string | null; onChoose: (month: string) => void }) {
  const statements = useStatements();
  const isPhone = useMediaQuery(PHONE_QUERY);

  if (statements.isPending) {
    return (
      <div role="status" aria-label="Loading statements">
        <Skeleton.Input active style={{ width: 220, marginBottom: 16 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (statements.isError)
    return <LoadFailed height={240} what="the statements" onRetry={() => void statements.refetch()} />;
  const months = statements.data;
  if (months.length === 0) {
    return (
      <Empty
        description="No movements yet. Top-ups and card fundings appear here month by month."
        style={{ padding: '48px 0' }}
      />
    );
  }
  const month = months.find((candidate) => candidate.month === chosen) ?? months[0]!;

  return (
    <>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Typography.Text id="statement-month-label">Month</Typography.Text>
        <Select
          aria-labelledby="statement-month-label"
          value={month.month}
          onChange={onChoose}
          options={months.map((candidate) => ({ value: candidate.month, label: formatMonth(candidate.month) }))}
          style={{ minWidth: 200 }}
        />
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
        {formatMonth(month.month)}
      </Typography.Title>
      <MonthSummary month={month} />
      <Table<StatementLine>
        rowKey="id"
        size="small"
        columns={isPhone ? phoneColumns : columns}
        dataSource={month.lines}
        pagination={month.lines.length > 50 ? { pageSize: 50, showSizeChanger: false, hideOnSinglePage: true } : false}
        scroll={isPhone ? undefined : { x: 520 }}
        tableLayout={isPhone ? 'fixed' : undefined}
      />
    </>
  );
}

/**
 * View Statements: the organisation's funds month by month (opening, money in, money out, closing and each movement
 * with its running balance), and Download CSV of the month shown.
 */
export function StatementsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const statements = useStatements();
  const [chosen, setChosen] = useState<string | null>(null);
  const exportStatement = useExportStatement();
  const notifySuccess = useNotifySuccess();
  // The month on screen: the one picked, else the newest (as StatementBody shows it).
  const shown = statements.data?.find((month) => month.month === chosen)?.month ?? statements.data?.[0]?.month;
  const download = () => {
    if (shown)
      exportStatement.mutate(shown, { onSuccess: (fileName) => notifySuccess('Statement downloaded', fileName) });
  };

  return (
    <ResponsiveDrawer
      open={open}
      onClose={onClose}
      title="Statements"
      width={760}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exportStatement.isPending}
          disabled={!shown}
          onClick={download}
        >
          Download CSV
        </Button>
      }
    >
      <StatementBody chosen={chosen} onChoose={setChosen} />
    </ResponsiveDrawer>
  );
}
