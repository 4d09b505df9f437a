import { BellOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Progress, Tag, Typography } from 'antd';
import {
  CARD_CONTROLS_TEXTS,
  SPENDING_LIMIT_INTERVALS,
  SPENDING_LIMIT_INTERVAL_LABELS,
  merchantCategoryName,
} from '@wallet/contract';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { formatDay } from '../../../lib/dates';
import { useIsMobile } from '../../../lib/use-media-query';
import type { CardWithControls, SpendingUsage } from '../api/card-controls-types';
import { EditControlsModal } from '../controls/EditControlsModal';
import { EditDetailsModal } from '../controls/EditDetailsModal';
import { LowBalanceAlertModal } from '../controls/LowBalanceAlertModal';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Each limit with what is spent and left of it in this window; limits the server gave no usage for, as set. */
function usageOf(card: CardWithControls): SpendingUsage[] {
  const usage = card.spending_usage;
  const rows =
    usage ??
    (card.spending_controls?.spending_limits ?? []).map((limit) => ({
      interval: limit.interval,
      limit: limit.amount,
      spent: 0,
      left: limit.amount,
      resets_on: null,
    }));
  return [...rows].sort(
    (a, b) => SPENDING_LIMIT_INTERVALS.indexOf(a.interval) - SPENDING_LIMIT_INTERVALS.indexOf(b.interval),
  );
}

function LimitRow({ usage, counted }: { usage: SpendingUsage; counted: boolean }) {
  const label = SPENDING_LIMIT_INTERVAL_LABELS[usage.interval];
  if (usage.interval === 'per_authorization')
    return (
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <span style={money}>{`Up to ${formatMoney(usage.limit)} each`}</span>
      </Flex>
    );
  const percent = usage.limit > 0 ? Math.min(100, Math.round((usage.spent / usage.limit) * 100)) : 0;
  return (
    <div>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{`${label} limit`}</Typography.Text>
        <span style={money}>{formatMoney(usage.limit)}</span>
      </Flex>
      {counted && (
        <>
          <Progress
            percent={percent}
            showInfo={false}
            status={usage.left <= 0 ? 'exception' : 'normal'}
            aria-label={`${label} limit used`}
          />
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`${formatMoney(usage.spent)} spent · ${formatMoney(Math.max(0, usage.left))} left`}
            </Typography.Text>
            {usage.resets_on && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`Resets ${formatDay(usage.resets_on)}`}
              </Typography.Text>
            )}
          </Flex>
        </>
      )}
    </div>
  );
}

function categoriesText(card: CardWithControls) {
  const allowed = card.spending_controls?.allowed_categories ?? [];
  const blocked = card.spending_controls?.blocked_categories ?? [];
  const list = allowed.length > 0 ? allowed : blocked;
  if (list.length === 0) return CARD_CONTROLS_TEXTS.noCategoryRule;
  return (
    <Flex vertical gap={4} align="flex-start">
      <span>{allowed.length > 0 ? 'Only these:' : 'All except:'}</span>
      <Flex wrap gap={4}>
        {list.map((key) => (
          <Tag key={key} color={allowed.length > 0 ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
            {merchantCategoryName(key)}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

/**
 * Spending Controls: each limit with what is spent and left this window and when it resets, the category rule,
 * merchant lock and expiry; admins edit the controls and details, the holder (or an admin) the low-balance alert.
 */
export function SpendingControlsPanel({
  card,
  canEdit,
  canSetAlert,
}: {
  card: CardWithControls;
  /** Admins change controls and details (not on a canceled card). */
  canEdit: boolean;
  /** The holder and admins set the low-balance alert. */
  canSetAlert: boolean;
}) {
  const [editing, setEditing] = useState<'controls' | 'details' | 'alert' | null>(null);
  const usage = usageOf(card);
  const counted = card.spending_usage !== undefined;
  const close = () => setEditing(null);
  const isMobile = useIsMobile();
  const editButtons = canEdit && (
    <Flex
      wrap
      gap={8}
      justify={isMobile ? 'flex-start' : 'flex-end'}
      style={isMobile ? { marginBottom: 16 } : undefined}
    >
      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing('controls')}>
        {CARD_CONTROLS_TEXTS.editControls}
      </Button>
      <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing('details')}>
        {CARD_CONTROLS_TEXTS.editDetails}
      </Button>
    </Flex>
  );

  return (
    <Card
      title={CARD_CONTROLS_TEXTS.controlsTitle}
      // A phone's card header has no room beside the title: the buttons open the body there.
      extra={isMobile ? undefined : editButtons}
    >
      {isMobile && editButtons}
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {usage.length === 0 ? (
          <Typography.Text type="secondary">{CARD_CONTROLS_TEXTS.noLimits}</Typography.Text>
        ) : (
          usage.map((row) => <LimitRow key={row.interval} usage={row} counted={counted} />)
        )}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'categories', label: 'Categories', span: { xs: 1, md: 2 }, children: categoriesText(card) },
          {
            key: 'merchant',
            label: 'Merchant lock',
            children: card.merchant_lock || CARD_CONTROLS_TEXTS.noMerchantLock,
          },
          {
            key: 'expiry',
            label: 'Allocation expires',
            children: card.allocation_expires_on ? formatDay(card.allocation_expires_on) : CARD_CONTROLS_TEXTS.noExpiry,
          },
          {
            key: 'alert',
            label: CARD_CONTROLS_TEXTS.lowBalanceTitle,
            span: { xs: 1, md: 2 },
            children: (
              <Flex gap={8} wrap align="center">
                <span style={money}>
                  {card.low_balance_threshold
                    ? `Below ${formatMoney(card.low_balance_threshold)}`
                    : CARD_CONTROLS_TEXTS.lowBalanceOff}
                </span>
                {canSetAlert && (
                  <Button size="small" icon={<BellOutlined aria-hidden />} onClick={() => setEditing('alert')}>
                    Set alert
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {canEdit && <EditControlsModal card={card} open={editing === 'controls'} onClose={close} />}
      {canEdit && <EditDetailsModal card={card} open={editing === 'details'} onClose={close} />}
      {canSetAlert && <LowBalanceAlertModal card={card} open={editing === 'alert'} onClose={close} />}
    </Card>
  );
}
