import { Card, Flex, Tag, Typography, theme } from 'antd';
import { CARD_CONTROLS_TEXTS, DECLINE_REASON_LABELS, type DeclineReason } from '@wallet/contract';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../paths';
import { useUserDeclines, type UserDecline } from '../api/get-user-declines';

const reasonLabel = (reason: string) => DECLINE_REASON_LABELS[reason as DeclineReason] ?? 'Declined';

function DeclineRow({ decline, last }: { decline: UserDecline; last: boolean }) {
  const { token } = theme.useToken();
  const { card } = decline;
  return (
    <li style={{ padding: '10px 0', borderBottom: last ? undefined : `1px solid ${token.colorSplit}` }}>
      <Flex justify="space-between" align="flex-start" gap={12}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong>{decline.merchant_data?.name || 'Unknown merchant'}</Typography.Text>
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {reasonLabel(decline.decline_reason)}
            </Tag>
          </Flex>
          <Typography.Paragraph style={{ margin: '4px 0' }}>{decline.decline_explanation}</Typography.Paragraph>
          <Flex gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(decline.created_at)}
            </Typography.Text>
            <Link to={paths.card(card.id)} style={{ fontSize: 12 }}>
              {`${card.nickname ? `${card.nickname} ` : ''}•••• ${card.last4}`}
            </Link>
          </Flex>
        </div>
        <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(decline.requested_amount)}
        </Typography.Text>
      </Flex>
    </li>
  );
}

/**
 * Recent Declines: the member's latest declined purchases with the reason in a sentence (issue 20.6). Hidden while
 * there are none (or they can't be read), so the dashboard stays as it was for people whose purchases go through;
 * a purchase anywhere (live event card.activity) refreshes it.
 */
export function RecentDeclines({ userId }: { userId: number }) {
  const declines = useUserDeclines(userId);
  const rows = declines.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {CARD_CONTROLS_TEXTS.recentDeclines}
        </Typography.Title>
      }
    >
      <ul aria-label={CARD_CONTROLS_TEXTS.recentDeclines} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((decline, index) => (
          <DeclineRow key={decline.id} decline={decline} last={index === rows.length - 1} />
        ))}
      </ul>
    </Card>
  );
}
