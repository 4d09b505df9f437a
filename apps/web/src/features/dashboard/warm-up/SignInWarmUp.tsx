import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Layout,
  Menu,
  Progress,
  Row,
  Select,
  Skeleton,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DashboardOutlined, WalletOutlined } from '@ant-design/icons';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { MoneyChart } from '../../../components/charts/MoneyChart';
import { Sparkline } from '../../../components/charts/Sparkline';
import { RangeMenu } from '../../../components/RangeMenu';
import { UserAvatar } from '../../../components/UserAvatar';
import type { AnalyticsRow } from '../../../lib/analytics';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { SERIES_COLORS } from '../colors';
import { Greeting } from '../Greeting';
import { KpiCard } from '../KpiCard';

const MONTHS: AnalyticsRow[] = Array.from({ length: 6 }, (_unused, index) => ({
  date: `2026-0${index + 1}-01`,
  amount: 100_000 * (index + 1),
}));
const DAYS: AnalyticsRow[] = Array.from({ length: 30 }, (_unused, index) => ({
  date: `2026-01-${String(index + 1).padStart(2, '0')}`,
  amount: 1_000 * (index % 7),
}));
const ROWS = [1, 2].map((key) => ({ key, name: `Holder ${key}`, spent: 12_345 * key, usedAt: '2026-01-02T10:00:00Z' }));

/**
 * What the screen after sign-in is made of (antd's frame, cards, table, tabs, skeletons; the dashboards' charts and
 * figures), on made-up data, rendered where nobody sees it (SignInWarmUpHost: a node outside the document) while
 * /login waits for the person to type. The first render of each of them costs far more than later ones: the browser
 * compiles their code on first use and antd generates each component's styles once (its cache holds them while one
 * of them stays mounted). Done then, the dashboard after Sign In renders with code and styles ready (ARCHITECTURE.md
 * D10). Nothing here is interactive or read out: the node is never attached.
 */
export function SignInWarmUp() {
  return (
    <Layout>
      <Layout.Sider width={248}>
        <Flex vertical>
          <Typography.Text strong>Warm-up</Typography.Text>
          <Menu
            mode="inline"
            selectedKeys={['dashboard']}
            items={[
              { key: 'dashboard', icon: <DashboardOutlined />, label: 'Dashboard' },
              { key: 'cards', icon: <WalletOutlined />, label: 'Cards' },
            ]}
          />
          <Tag color="blue" variant="filled">
            v0
          </Tag>
        </Flex>
      </Layout.Sider>
      <Layout>
        <Layout.Header>
          <Flex justify="space-between" align="center">
            <Button type="text" icon={<DashboardOutlined />} />
            <Button type="text">
              <UserAvatar name="Warm Up" size="small" />
              <Typography.Text>Warm-up</Typography.Text>
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content>
          <Greeting firstName="Warm-up" organizationName="Warm-up" />
          <Skeleton active paragraph={{ rows: 2 }} />
          <Flex vertical gap={16}>
            <Alert type="warning" showIcon title="Warm-up" action={<Button size="small">Warm-up</Button>} />
            <Row gutter={[16, 16]}>
              <Col xs={24} md={8}>
                <KpiCard
                  title="Warm-up"
                  value={123_456}
                  chart={
                    <Sparkline
                      rows={MONTHS}
                      unit="month"
                      name="Warm-up"
                      color={SERIES_COLORS.balance}
                      initialWidth={160}
                    />
                  }
                  caption="Warm-up"
                />
              </Col>
              <Col xs={24} md={8}>
                <KpiCard
                  title="Warm-up"
                  value={undefined}
                  chart={
                    <Sparkline
                      rows={DAYS}
                      unit="day"
                      name="Warm-up"
                      color={SERIES_COLORS.spending}
                      kind="bar"
                      initialWidth={160}
                    />
                  }
                />
              </Col>
              <Col xs={24} md={8}>
                <Progress percent={40} showInfo={false} />
                <Statistic value={formatMoney(1_000)} />
                <Select value="6m" options={[{ value: '6m', label: '6 Months' }]} />
              </Col>
            </Row>
            <Card
              title={<Typography.Title level={2}>Warm-up</Typography.Title>}
              extra={<RangeMenu value="6m" onChange={() => undefined} />}
            >
              <LoadingBlock height={28} width={140} />
              <MoneyChart
                initialWidth={320}
                label="Warm-up"
                unit="month"
                height={280}
                series={[
                  { key: 'balance', name: 'Balance', rows: MONTHS, color: SERIES_COLORS.balance, kind: 'area' },
                  {
                    key: 'spending',
                    name: 'Spending',
                    rows: MONTHS,
                    color: SERIES_COLORS.spending,
                    kind: 'bar',
                    axis: 'right',
                  },
                ]}
              />
            </Card>
            <Card title="Warm-up">
              <Tabs
                items={[
                  { key: 'pending', label: 'Pending', children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> },
                  { key: 'approved', label: 'Approved' },
                ]}
              />
              <Button size="small" type="primary">
                Warm-up
              </Button>
            </Card>
            {/* Recently Used Card is a plain table (RecentlyUsedCards.tsx): its avatars, money and dates. */}
            <Card title="Warm-up" styles={{ body: { padding: 0 } }}>
              <table className="recent-cards">
                <tbody>
                  {ROWS.map((row) => (
                    <tr key={row.key}>
                      <td>
                        <Flex align="center" gap={10}>
                          <UserAvatar name={row.name} size="small" />
                          <span>{row.name}</span>
                        </Flex>
                      </td>
                      <td>
                        <span>{formatMoney(row.spent)}</span>
                        <span className="recent-cards-secondary">{formatDate(row.usedAt)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          </Flex>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
