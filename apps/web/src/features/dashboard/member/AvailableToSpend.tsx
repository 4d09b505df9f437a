import { Card, Col, Flex, Row, Select, Statistic, Typography } from 'antd';
import { useId, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { MoneyChart, type MoneySeries } from '../../../components/charts/MoneyChart';
import { formatMoney } from '../../../lib/format';
import { MEMBER_MONTHS, useAnalytics } from '../api/get-analytics';
import { useUserCardsAnalytics } from '../api/get-user-cards-analytics';
import { SERIES_COLORS } from '../colors';

export const MEMBER_VIEWS = [
  { value: 'cardBalance', label: 'Avg Card Balance' },
  { value: 'expenses', label: 'Expenses' },
  { value: 'both', label: 'Card Balance & Expenses' },
] as const;
export type MemberView = (typeof MEMBER_VIEWS)[number]['value'];

const CHART_HEIGHT = 260;

/**
 * Available To Spend: what the member's cards can still spend (spending limits minus pending holds), and a 6-month
 * chart the view selector switches between the money put on their cards, their expenses, or both.
 */
export function AvailableToSpend({ userId }: { userId: number }) {
  const [view, setView] = useState<MemberView>('both');
  const selectId = useId();
  const summary = useUserCardsAnalytics(userId);
  const showBalance = view !== 'expenses';
  const showExpenses = view !== 'cardBalance';
  const balance = useAnalytics(`/api/users/${userId}/journal-entries/analytics`, MEMBER_MONTHS, {
    enabled: showBalance,
  });
  const expenses = useAnalytics(`/api/users/${userId}/expenses/analytics`, MEMBER_MONTHS, { enabled: showExpenses });
  const wanted = [...(showBalance ? [balance] : []), ...(showExpenses ? [expenses] : [])];
  const failed = wanted.some((query) => query.isError && !query.data);
  const loading = wanted.some((query) => !query.data);

  const series: MoneySeries[] = [
    ...(showBalance && balance.data
      ? [
          {
            key: 'cardBalance',
            name: 'Card Balance',
            rows: balance.data,
            color: SERIES_COLORS.cardBalance,
            kind: 'area' as const,
          },
        ]
      : []),
    ...(showExpenses && expenses.data
      ? [
          {
            key: 'expenses',
            name: 'Expenses',
            rows: expenses.data,
            color: SERIES_COLORS.spending,
            kind: view === 'both' ? ('bar' as const) : ('area' as const),
            axis: view === 'both' ? ('right' as const) : ('left' as const),
          },
        ]
      : []),
  ];
  const viewLabel = MEMBER_VIEWS.find((option) => option.value === view)!.label;

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          Available To Spend
        </Typography.Title>
      }
      style={{ height: '100%' }}
    >
      <div style={{ minHeight: 72 }}>
        {summary.isError && !summary.data ? (
          <LoadFailed height={72} onRetry={() => void summary.refetch()} what="your cards" />
        ) : !summary.data ? (
          <LoadingBlock height={72} label="Loading what you can spend" />
        ) : (
          <Row gutter={[16, 8]} align="bottom">
            <Col xs={24} sm={10}>
              <span
                data-testid="available-to-spend"
                style={{ fontSize: 28, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatMoney(summary.data.available_to_spend)}
              </span>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {`across ${summary.data.cards_count} ${summary.data.cards_count === 1 ? 'card' : 'cards'}`}
              </Typography.Text>
            </Col>
            <Col xs={12} sm={7}>
              <Statistic
                title="Spending Limits"
                value={formatMoney(summary.data.cards_sum_spending_limit)}
                styles={{ content: { fontSize: 16, fontVariantNumeric: 'tabular-nums' }, title: { fontSize: 12 } }}
              />
            </Col>
            <Col xs={12} sm={7}>
              <Statistic
                title="Pending Holds"
                value={formatMoney(summary.data.issuing_authorization_holds_sum_amount)}
                styles={{ content: { fontSize: 16, fontVariantNumeric: 'tabular-nums' }, title: { fontSize: 12 } }}
              />
            </Col>
          </Row>
        )}
      </div>
      <Flex align="center" justify="space-between" gap={8} wrap style={{ margin: '20px 0 12px' }}>
        <Typography.Text type="secondary">Last 6 months</Typography.Text>
        <Flex align="center" gap={8}>
          <label htmlFor={selectId} style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.55)' }}>
            View
          </label>
          <Select<MemberView>
            id={selectId}
            value={view}
            onChange={setView}
            options={[...MEMBER_VIEWS]}
            style={{ width: 244, maxWidth: '62vw' }}
          />
        </Flex>
      </Flex>
      {failed ? (
        <LoadFailed
          height={CHART_HEIGHT}
          onRetry={() => void Promise.all(wanted.map((query) => query.refetch()))}
          what="the chart"
        />
      ) : loading ? (
        <LoadingBlock height={CHART_HEIGHT} label="Loading the chart" />
      ) : (
        <MoneyChart label={`${viewLabel}, last 6 months`} unit="month" height={CHART_HEIGHT} series={series} legend />
      )}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 8 }}>
        Card Balance is the money put on your cards each month; Expenses are your card purchases net of refunds.
      </Typography.Text>
    </Card>
  );
}
