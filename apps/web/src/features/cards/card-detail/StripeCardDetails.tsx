import { Alert, Descriptions, Spin } from 'antd';
// The pure entry loads Stripe.js only when loadStripe is called (the main entry injects it on import).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { StripeElementType } from '@stripe/stripe-js';
import { CARD_ISSUER_MESSAGES } from '@wallet/contract';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { createCardEphemeralKey } from '../api/card-ephemeral-key';

/** Stripe.js loads once per page, on the first reveal (lazily: this module is its own chunk). */
const stripes = new Map<string, ReturnType<typeof loadStripe>>();
const stripeFor = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
};

const ELEMENTS = [
  ['issuingCardNumberDisplay', 'Card number'],
  ['issuingCardCvcDisplay', 'CVC'],
  ['issuingCardExpiryDisplay', 'Expires'],
] as const satisfies ReadonlyArray<readonly [StripeElementType, string]>;

interface Props {
  cardId: number;
  /** The card's id at Stripe (ic_...). */
  issuingCard: string;
  publishableKey: string;
}

/**
 * The number, CVC and expiry of a Stripe card, shown by Stripe's Issuing Elements in Stripe's iframes (ARCHITECTURE.md D9): the
 * browser asks Stripe.js for a nonce, our server exchanges it for an ephemeral key of this card, and the elements fetch
 * the details from Stripe. The numbers never reach our server or this page's JavaScript. Unmounting destroys them.
 */
export default function StripeCardDetails({ cardId, issuingCard, publishableKey }: Props) {
  const slots = useRef<Record<string, HTMLDivElement | null>>({});
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    const mounted: Array<{ destroy(): void }> = [];
    void (async () => {
      const stripe = await stripeFor(publishableKey);
      if (!stripe) throw new Error('Stripe.js did not load');
      const { nonce } = await stripe.createEphemeralKeyNonce({ issuingCard });
      if (!nonce) throw new Error('Stripe.js made no nonce');
      const key = await createCardEphemeralKey(cardId, nonce);
      if (cancelled) return;
      const elements = stripe.elements();
      for (const [type] of ELEMENTS) {
        // One call per type: Stripe.js's typings overload create() by element type.
        const element = (
          elements.create as (
            type: StripeElementType,
            options: object,
          ) => { mount(node: HTMLElement): void; destroy(): void }
        )(type, {
          issuingCard,
          nonce,
          ephemeralKeySecret: key.secret,
          style: { base: { fontSize: '16px', fontFamily: 'monospace' } },
        });
        const slot = slots.current[type];
        if (slot) element.mount(slot);
        mounted.push(element);
      }
      setState('shown');
    })().catch((error: unknown) => {
      if (cancelled) return;
      // The http client already told the person about an error from our server (PRODUCT.md §8); Stripe.js's own is ours to say.
      setState('failed');
      if (!(error instanceof HttpError)) console.warn('Issuing Elements failed', error);
    });
    return () => {
      cancelled = true;
      for (const element of mounted) element.destroy();
    };
  }, [cardId, issuingCard, publishableKey]);

  return (
    <div aria-live="polite">
      {state === 'failed' && <Alert type="error" showIcon message={CARD_ISSUER_MESSAGES.revealFailed} />}
      {state === 'loading' && <Spin size="small" />}
      <Descriptions size="small" column={1} bordered style={{ display: state === 'failed' ? 'none' : undefined }}>
        {ELEMENTS.map(([type, label]) => (
          <Descriptions.Item key={type} label={label}>
            <div data-testid={type} ref={(node) => void (slots.current[type] = node)} style={{ minHeight: 20 }} />
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}
