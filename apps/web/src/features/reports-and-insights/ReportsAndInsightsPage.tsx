import { Tabs } from 'antd';
import { REPORT_TABS, type ReportTabKey } from '@wallet/contract';
import { Suspense, lazy, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { TabPanelFallback } from '../../components/TabPanelFallback';

// Each tab loads when first shown; All Spending, the default, first.
const AllSpendingTab = lazy(() => import('./all-spending/AllSpendingTab').then((m) => ({ default: m.AllSpendingTab })));
const FundingTab = lazy(() => import('./breakdowns/FundingTab').then((m) => ({ default: m.FundingTab })));
const RankedBreakdownTab = lazy(() =>
  import('./breakdowns/RankedBreakdownTab').then((m) => ({ default: m.RankedBreakdownTab })),
);
const CategoriesTab = lazy(() => import('./accounting/CategoriesTab').then((m) => ({ default: m.CategoriesTab })));

const panel = (content: ReactNode) => <Suspense fallback={<TabPanelFallback />}>{content}</Suspense>;
const DEFAULT_TAB: ReportTabKey = 'allSpending';
const isTab = (value: string | null): value is ReportTabKey => value !== null && Object.hasOwn(REPORT_TABS, value);

/** Users: the 20 biggest spenders (filter[limit] allows up to 100). */
const USERS_LIMIT = 20;
const BREAKDOWN_LIMIT = 20;

const content: Record<ReportTabKey, () => ReactNode> = {
  allSpending: () => <AllSpendingTab />,
  funding: () => <FundingTab />,
  users: () => (
    <RankedBreakdownTab
      kind="spender"
      noun="Cardholder"
      plural="Cardholders"
      title="Spending by Cardholder"
      limit={USERS_LIMIT}
      emptyText="No spending in this range"
    />
  ),
  categories: () => <CategoriesTab limit={BREAKDOWN_LIMIT} />,
  teams: () => (
    <RankedBreakdownTab
      kind="teams"
      noun="Team"
      plural="Teams"
      title="Spending by Team"
      limit={BREAKDOWN_LIMIT}
      emptyText="No team spending in this range"
    />
  ),
};

/** /reports-and-insights (admins): the `tab` query picks All Spending (default), Funding, Users, Categories or Teams. */
export function ReportsAndInsightsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ReportTabKey = isTab(requested) ? requested : DEFAULT_TAB;

  const setTab = (key: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle>Reports & Insights</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={(Object.keys(REPORT_TABS) as ReportTabKey[]).map((key) => ({
          key,
          label: REPORT_TABS[key],
          children: panel(content[key]()),
        }))}
      />
    </>
  );
}
