import { Col, Flex, Row } from 'antd';
import { FundOverview } from './FundOverview';
import { KpiCards } from './KpiCards';
import { PurchaseRequestPanel } from './PurchaseRequestPanel';
import { RecentlyUsedCards } from './RecentlyUsedCards';

/** The admin dashboard of SPEC §2 (the greeting and Quick Actions are above it). */
export function AdminDashboard() {
  return (
    <Flex vertical gap={16}>
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
