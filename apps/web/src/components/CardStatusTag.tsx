import { Badge } from 'antd';
import { canceledCardLabel, type CardResource } from '@wallet/contract';

/**
 * Active or inactive (PRODUCT.md §4), or canceled by the card issuer (terminal, with the issuer's reason: 'Canceled · Lost'),
 * as a coloured dot with its words.
 */
export function CardStatusTag({ status, reason }: { status: CardResource['status']; reason?: string | null }) {
  if (status === 'canceled') return <Badge status="error" text={canceledCardLabel(reason)} />;
  return (
    <Badge status={status === 'active' ? 'success' : 'default'} text={status === 'active' ? 'Active' : 'Inactive'} />
  );
}
