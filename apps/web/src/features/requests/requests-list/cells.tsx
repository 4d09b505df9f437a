import { Typography } from 'antd';
import type { PurchaseRequestResource, RequestInterval } from '@wallet/contract';

const INTERVAL_LABELS: Record<RequestInterval, string> = { weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };

/** PRODUCT.md §4 request kinds: Onetime, or recurring with its interval. */
export function intervalLabel(interval: RequestInterval | null | undefined): string {
  return interval ? INTERVAL_LABELS[interval] : 'Onetime';
}

export function CardCell({ card }: { card: PurchaseRequestResource['card'] }) {
  if (!card) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      aria-label={`${card.brand} card ending in ${card.last4}`}
    >
      •••• {card.last4}
    </span>
  );
}

/** One line of the notes, cut to the column's width (put the column in ListTable's `list-table-fill` class); all on hover. */
export function NotesCell({ notes }: { notes: string }) {
  return (
    <Typography.Text ellipsis={{ tooltip: notes }} style={{ display: 'block', maxWidth: '100%' }}>
      {notes}
    </Typography.Text>
  );
}

export function Muted({ children }: { children: string }) {
  return <Typography.Text type="secondary">{children}</Typography.Text>;
}

export const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
