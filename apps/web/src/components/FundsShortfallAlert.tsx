import { Alert } from 'antd';
import { SHORTFALL_TEXTS } from '@wallet/contract';
import type { ReactNode } from 'react';

/**
 * The organisation's funds are below zero: a top-up the card issuer took back had been put on cards already. Says by
 * how much, that no card can be funded until it is covered, and offers `action` (Add Funds). Nothing at zero or above.
 */
export function FundsShortfallAlert({ available, action }: { available: number | undefined; action: ReactNode }) {
  if (available === undefined || available >= 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={SHORTFALL_TEXTS.title(-available)}
      description={SHORTFALL_TEXTS.description}
      action={action}
      style={{ flexWrap: 'wrap', rowGap: 8 }}
    />
  );
}
