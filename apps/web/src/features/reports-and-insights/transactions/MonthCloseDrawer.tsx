import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Form, Popconfirm, Select, Typography, type TableColumnsType } from 'antd';
import { MONTH_CLOSE_TEXTS, monthLabel, type MonthCloseResource } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { ListTable, StackedItem } from '../../../components/ListTable';
import { LoadFailed } from '../../../components/LoadFailed';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { TableLoading } from '../../../components/TableLoading';
import { formatDate } from '../../../lib/dates';
import { HttpError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useCloseMonth, useMonthCloses, useNeedsReviewCount, useReopenMonth } from '../api/month-closes';

/** How far back the month picker reaches: three years of ended months. */
const MONTHS_OFFERED = 36;

/** The months that have ended, newest first (UTC, as the server judges them), YYYY-MM. */
export function endedMonths(now: Date, count = MONTHS_OFFERED): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - index, 1)).toISOString().slice(0, 7),
  );
}

function problemOf(error: unknown): string {
  if (error instanceof HttpError) return error.errors.month?.[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Month close (issue 21.6), for admins: pick a month that has ended and close it (its transactions are then locked
 * against edits); the closed months are listed, and a super-admin may reopen one.
 */
export function MonthCloseDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const me = useCurrentUser();
  const superAdmin = me.roles.includes('super-admin');
  const closes = useMonthCloses(open);
  const closeMonth = useCloseMonth();
  const reopenMonth = useReopenMonth();
  const notifySuccess = useNotifySuccess();
  const [month, setMonth] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const closed = useMemo(() => new Set(closes.data?.data.map((row) => row.month)), [closes.data]);
  const needsReview = useNeedsReviewCount(month);
  const unreviewed =
    month && needsReview.data && needsReview.data.total > 0
      ? MONTH_CLOSE_TEXTS.stillNeedReview(month, needsReview.data.total, needsReview.data.lowerBound)
      : undefined;
  const options = useMemo(
    () =>
      endedMonths(new Date()).map((value) => ({
        value,
        label: closed.has(value) ? MONTH_CLOSE_TEXTS.closedChoice(value) : monthLabel(value),
        disabled: closed.has(value),
      })),
    [closed],
  );

  const confirmClose = (chosen: string) =>
    closeMonth.mutate(chosen, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        setMonth(undefined);
      },
      onError: (error) => setProblem(problemOf(error)),
    });

  const reopenButton = (row: MonthCloseResource) => (
    <Popconfirm
      title={MONTH_CLOSE_TEXTS.confirmReopen(row.month)}
      description={MONTH_CLOSE_TEXTS.confirmReopenDetail}
      okText={MONTH_CLOSE_TEXTS.reopen}
      onConfirm={() => reopenMonth.mutate(row.month, { onSuccess: (answer) => notifySuccess(answer.message) })}
    >
      <Button
        size="small"
        icon={<UnlockOutlined aria-hidden />}
        loading={reopenMonth.isPending && reopenMonth.variables === row.month}
        aria-label={`${MONTH_CLOSE_TEXTS.reopen} ${row.label}`}
      >
        {MONTH_CLOSE_TEXTS.reopen}
      </Button>
    </Popconfirm>
  );
  const closedBy = (row: MonthCloseResource) => row.closed_by?.name ?? '—';
  const columns: TableColumnsType<MonthCloseResource> = [
    { title: MONTH_CLOSE_TEXTS.month, key: 'month', render: (_, row) => row.label },
    { title: MONTH_CLOSE_TEXTS.closedAt, key: 'closed_at', render: (_, row) => formatDate(row.closed_at) },
    { title: MONTH_CLOSE_TEXTS.closedBy, key: 'closed_by', render: (_, row) => closedBy(row) },
    ...(superAdmin
      ? [
          {
            title: MONTH_CLOSE_TEXTS.actions,
            key: 'actions',
            render: (_: unknown, row: MonthCloseResource) => reopenButton(row),
          },
        ]
      : []),
  ];
  const stacked = {
    label: MONTH_CLOSE_TEXTS.closedMonths,
    render: (row: MonthCloseResource) => (
      <StackedItem
        title={row.label}
        actions={superAdmin ? reopenButton(row) : undefined}
        fields={[
          { label: MONTH_CLOSE_TEXTS.closedAt, value: formatDate(row.closed_at) },
          { label: MONTH_CLOSE_TEXTS.closedBy, value: closedBy(row) },
        ]}
      />
    ),
  };

  let emptyText;
  if (closes.isPending) emptyText = <TableLoading rows={3} />;
  else if (closes.isError)
    emptyText = <LoadFailed height={120} onRetry={() => void closes.refetch()} what="the closed months" />;
  else emptyText = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MONTH_CLOSE_TEXTS.empty} />;

  return (
    <ResponsiveDrawer open={open} onClose={onClose} title={MONTH_CLOSE_TEXTS.title} width={560}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{MONTH_CLOSE_TEXTS.intro}</Typography.Text>
        <Form layout="vertical" requiredMark={false} component="div">
          <Form.Item
            label={MONTH_CLOSE_TEXTS.month}
            htmlFor="month-close-month"
            validateStatus={problem ? 'error' : undefined}
            help={problem}
            style={{ marginBottom: 12 }}
          >
            <Select<string>
              id="month-close-month"
              placeholder={MONTH_CLOSE_TEXTS.pickMonth}
              options={options}
              value={month}
              onChange={(value) => {
                setMonth(value);
                setProblem(undefined);
              }}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: '100%', maxWidth: 320 }}
            />
          </Form.Item>
          {month && !needsReview.isError && (
            <ReviewStatus month={month} counting={needsReview.isPending} unreviewed={unreviewed} />
          )}
          <Popconfirm
            title={month ? MONTH_CLOSE_TEXTS.confirmClose(month) : ''}
            // Within the drawer's width (it would otherwise stretch over the page to fit the sentences on one line).
            styles={{ root: { maxWidth: 400 } }}
            description={
              unreviewed ? (
                <>
                  {unreviewed}
                  <br />
                  {MONTH_CLOSE_TEXTS.confirmCloseDetail}
                </>
              ) : (
                MONTH_CLOSE_TEXTS.confirmCloseDetail
              )
            }
            okText={MONTH_CLOSE_TEXTS.closeMonth}
            disabled={!month}
            onConfirm={() => month && confirmClose(month)}
          >
            <Button type="primary" icon={<LockOutlined aria-hidden />} disabled={!month} loading={closeMonth.isPending}>
              {MONTH_CLOSE_TEXTS.closeMonth}
            </Button>
          </Popconfirm>
        </Form>
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {MONTH_CLOSE_TEXTS.closedMonths}
        </Typography.Title>
        <ListTable<MonthCloseResource>
          size="small"
          rowKey="month"
          columns={columns}
          stacked={stacked}
          dataSource={closes.data?.data}
          pagination={{ pageSize: 12, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText }}
        />
      </Flex>
    </ResponsiveDrawer>
  );
}

/** What still needs review in the picked month: a warning when something does (it cannot be marked once closed). */
function ReviewStatus({ month, counting, unreviewed }: { month: string; counting: boolean; unreviewed?: string }) {
  if (unreviewed) return <Alert type="warning" showIcon title={unreviewed} style={{ marginBottom: 12 }} />;
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} aria-live="polite">
      {counting ? MONTH_CLOSE_TEXTS.countingReview : MONTH_CLOSE_TEXTS.nothingNeedsReview(month)}
    </Typography.Paragraph>
  );
}
