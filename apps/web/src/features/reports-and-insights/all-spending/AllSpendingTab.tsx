import { Col, Flex, Row } from 'antd';
import { TOP_FIVE_TITLES } from '@wallet/contract';
import { useMemo, useState } from 'react';
import { DEFAULT_CHART_RANGE, chartRange, type ChartRangeKey } from '../../../lib/analytics';
import { paths } from '../../../paths';
import { windowOf } from '../ranges';
import { TransactionsCard } from '../transactions/TransactionsCard';
import { DeclinesCard } from '../declines/DeclinesCard';
import { AccountingExportCard } from '../accounting/AccountingExportCard';
import { FundingSpendingChart } from './FundingSpendingChart';
import { StatsInsightsCard } from './StatsInsightsCard';
import { SummaryCard } from './SummaryCard';
import { TopFiveBox } from './TopFiveBox';

/**
 * All Spending (PRODUCT.md §2): Summary with its range menu, which also sets the window of Stats & Insights and of the
 * spending top-5 boxes; the 6-month chart; the four top-5 boxes; All Transactions.
 */
export function AllSpendingTab() {
  const [rangeKey, setRangeKey] = useState<ChartRangeKey>(DEFAULT_CHART_RANGE);
  const window = useMemo(() => windowOf(rangeKey), [rangeKey]);
  const caption = chartRange(rangeKey).label;

  return (
    <Flex vertical gap={16}>
      <SummaryCard rangeKey={rangeKey} onRangeChange={setRangeKey} window={window} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <FundingSpendingChart />
        </Col>
        <Col xs={24} xl={9}>
          <StatsInsightsCard rangeKey={rangeKey} window={window} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xxl={6}>
          <TopFiveBox
            title={TOP_FIVE_TITLES.spender}
            kind="spender"
            window={window}
            caption={caption}
            emptyText="No spending in this range"
          />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <TopFiveBox
            title={TOP_FIVE_TITLES.cardBalances}
            kind="cardBalances"
            window={null}
            caption="Available now"
            emptyText="No funded cards"
            linkOf={(row) => (row.id === null ? undefined : paths.card(row.id))}
          />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <TopFiveBox
            title={TOP_FIVE_TITLES.categories}
            kind="categories"
            window={window}
            caption={caption}
            emptyText="No spending in this range"
          />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <TopFiveBox
            title={TOP_FIVE_TITLES.teams}
            kind="teams"
            window={window}
            caption={caption}
            emptyText="No team spending in this range"
          />
        </Col>
      </Row>
      <TransactionsCard />
      <DeclinesCard />
      <AccountingExportCard />
    </Flex>
  );
}
