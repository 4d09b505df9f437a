import { Col, Flex, Row } from 'antd';
import { SHORTFALL_TEXTS } from '@wallet/contract';
import { ButtonLink } from '../../../components/ButtonLink';
import { FundsShortfallAlert } from '../../../components/FundsShortfallAlert';
import { useKpi } from '../api/get-kpi';
import { FundOverview } from './FundOverview';
import { KpiCards } from './KpiCards';
import { PurchaseRequestPanel } from './PurchaseRequestPanel';
import { RecentlyUsedCards } from './RecentlyUsedCards';

/** The admin dashboard of PRODUCT.md §2 (the greeting and Quick Actions are above it). */
export function AdminDashboard() {
  const kpi = useKpi();
  return (
    <Flex vertical gap={16}>
      {/* A reversed top-up left the funds short: said before anything else, with the way to cover it. */}
      <FundsShortfallAlert
        available={kpi.data?.issuing_available}
        action={
          <ButtonLink size="small" type="primary" to="/account-settings?tab=accountFunding&action=addFunds">
            {SHORTFALL_TEXTS.action}
          </ButtonLink>
        }
      />
      <KpiCards />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <FundOverview />
        </Col>
        <Col xs={24} xl={10}>
          <PurchaseRequestPanel />
        </Col>
      </Row>
      <RecentlyUsedCards />
    </Flex>
  );
}
