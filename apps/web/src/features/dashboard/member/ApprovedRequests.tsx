import { Card, Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import type { PurchaseRequestResource } from '@wallet/contract';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { Sparkline } from '../../../components/charts/Sparkline';
import { readableTagColor } from '../../../lib/contrast';
import { periodTickFormatter } from '../../../lib/chart-format';
import { formatMoney } from '../../../lib/format';
import { formatDate } from '../../../lib/dates';
import { MEMBER_MONTHS, TRANSFERRED, useAnalytics, useAnalyticsTotal } from '../api/get-analytics';
import { MY_APPROVED_SIZE, useMyApprovedRequests } from '../api/get-my-approved-requests';
import { SERIES_COLORS } from '../colors';

const ROW_HEIGHT = 56;
const LIST_HEIGHT = ROW_HEIGHT * MY_APPROVED_SIZE;
export const MY_REQUESTS = '/requests?tab=myRequest';

function ApprovedRow({ request, last }: { request: PurchaseRequestResource; last: boolean }) {
  const { token } = theme.useToken();
  return (
    <li
      style={{
        minHeight: ROW_HEIGHT,
        padding: '8px 0',
        borderBottom: last ? undefined : `1px solid ${token.colorSplit}`,
        boxSizing: 'border-box',
      }}
    >
      <Flex align="flex-start" gap={12}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text ellipsis style={{ display: 'block' }}>
            {request.notes}
          </Typography.Text>
          <Flex align="center" gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`Funded ${formatDate(request.transferred)}`}
            </Typography.Text>
            {request.card && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {`•••• ${request.card.last4}`}
              </Typography.Text>
            )}
            {request.team && (
              <Tag
                color={readableTagColor(request.team.color)}
                style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}
              >
                {request.team.name}
              </Tag>
            )}
          </Flex>
        </div>
        <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(request.amount)}
        </Typography.Text>
      </Flex>
    </li>
  );
}

/** Approved Purchase Requests: how much the member's approved requests put on their cards, and the latest five. */
export function ApprovedRequests({ userId }: { userId: number }) {
  const analyticsPath = `/api/users/${userId}/purchase-requests/analytics`;
  const total = useAnalyticsTotal(analyticsPath, TRANSFERRED);
  const months = useAnalytics(analyticsPath, { ...TRANSFERRED, ...MEMBER_MONTHS });
  const list = useMyApprovedRequests(userId);
  const rows = list.data?.data ?? [];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0, whiteSpace: 'normal' }}>
          Approved Purchase Requests
        </Typography.Title>
      }
      extra={<Link to={MY_REQUESTS}>See All</Link>}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={8}>
          <section aria-label="Total approved">
            <Typography.Text type="secondary">Total funded</Typography.Text>
            <div style={{ height: 40, display: 'flex', alignItems: 'center' }}>
              {total.isError && !total.data ? (
                <LoadFailed height={40} onRetry={() => void total.refetch()} what="the total" />
              ) : total.data === undefined ? (
                <LoadingBlock height={28} width={140} label="Loading the total" />
              ) : (
                <span
                  data-testid="approved-total"
                  style={{ fontSize: 26, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatMoney(total.data)}
                </span>
              )}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', minHeight: 20 }}>
              {list.data
                ? `${list.data.meta.total} approved ${list.data.meta.total === 1 ? 'request' : 'requests'}`
                : ''}
            </Typography.Text>
            <div style={{ height: 64, marginTop: 8 }}>
              {months.data ? (
                <Sparkline
                  rows={months.data}
                  unit="month"
                  name="Funded by approved requests per month"
                  color={SERIES_COLORS.approved}
                  height={64}
                  kind="bar"
                />
              ) : months.isError ? null : (
                <LoadingBlock height={64} label="Loading the chart" />
              )}
            </div>
            {/* The months under their bars: one evenly shared slot per bar, as the chart spaces them. */}
            <Flex aria-hidden style={{ height: 16, marginTop: 2 }}>
              {months.data?.map((row, _index, all) => (
                <span
                  key={row.date}
                  style={{ flex: 1, textAlign: 'center', fontSize: 11, color: 'rgba(0, 0, 0, 0.55)' }}
                >
                  {periodTickFormatter(
                    'month',
                    all.map((each) => each.date),
                  )(row.date)}
                </span>
              ))}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
              Funded per month, last 6 months
            </Typography.Text>
          </section>
        </Col>
        <Col xs={24} md={16}>
          {/* Five rows while loading; once loaded the list fits its rows (nothing follows it on the page). */}
          <div style={{ minHeight: list.data ? undefined : LIST_HEIGHT }}>
            {list.isError && !list.data ? (
              <LoadFailed height={LIST_HEIGHT} onRetry={() => void list.refetch()} what="your requests" />
            ) : !list.data ? (
              <LoadingBlock height={LIST_HEIGHT} label="Loading your approved requests" />
            ) : rows.length === 0 ? (
              <div style={{ height: 160, display: 'grid', placeItems: 'center' }}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approved requests yet" />
              </div>
            ) : (
              <ul aria-label="Latest approved requests" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {rows.map((request, index) => (
                  <ApprovedRow key={request.id} request={request} last={index === rows.length - 1} />
                ))}
              </ul>
            )}
          </div>
        </Col>
      </Row>
    </Card>
  );
}
