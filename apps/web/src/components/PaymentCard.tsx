import type { CSSProperties, ReactNode } from 'react';
import { cardExpiry, groupedCardNumber, maskedCardNumber } from '../lib/payment-cards';
import { useMediaQuery } from '../lib/use-media-query';
import { VisuallyHidden } from './VisuallyHidden';

export interface PaymentCardFace {
  brand: string;
  last4: string;
  holderName: string;
  exp_month: number;
  exp_year: number;
  type: 'virtual' | 'physical';
  status: 'active' | 'inactive' | 'canceled';
}

interface Props {
  card: PaymentCardFace;
  /** The full number and CVC once revealed; masked otherwise. */
  number?: string;
  cvc?: string;
  /** Show the back (CVC side). */
  flipped?: boolean;
}

const BACKGROUNDS: Record<PaymentCardFace['type'], string> = {
  virtual: [
    'radial-gradient(circle at 88% -10%, rgba(255,255,255,.28) 0 28%, transparent 29%)',
    'radial-gradient(circle at 105% 110%, rgba(255,255,255,.14) 0 38%, transparent 39%)',
    'linear-gradient(135deg, #1d3fa6 0%, #2f56d8 48%, #6a46d6 100%)',
  ].join(', '),
  physical: [
    'radial-gradient(circle at 88% -10%, rgba(255,255,255,.16) 0 28%, transparent 29%)',
    'radial-gradient(circle at 105% 110%, rgba(255,255,255,.08) 0 38%, transparent 39%)',
    'linear-gradient(135deg, #111827 0%, #273244 55%, #3b4658 100%)',
  ].join(', '),
};

const face: CSSProperties = {
  position: 'absolute',
  inset: 0,
  borderRadius: '4.5cqw',
  color: '#fff',
  overflow: 'hidden',
  backfaceVisibility: 'hidden',
  WebkitBackfaceVisibility: 'hidden',
  boxShadow: '0 10px 24px -12px rgba(17, 24, 39, .55)',
};

const label: CSSProperties = { fontSize: '3cqw', letterSpacing: '.08em', textTransform: 'uppercase', opacity: 0.75 };
const value: CSSProperties = {
  fontSize: '4.4cqw',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

function Chip() {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: '11cqw',
        height: '8.4cqw',
        borderRadius: '1.6cqw',
        background: 'linear-gradient(135deg, #f6e27a 0%, #d9b648 50%, #f3dc82 100%)',
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,.15)',
      }}
    />
  );
}

function Contactless() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      style={{ width: '6.5cqw', height: '6.5cqw', opacity: 0.85 }}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M8.5 8.5a5 5 0 0 1 0 7" />
      <path d="M12 6a8.5 8.5 0 0 1 0 12" />
      <path d="M15.5 3.5a12 12 0 0 1 0 17" />
    </svg>
  );
}

function Brand({ brand }: { brand: string }) {
  return (
    <span style={{ fontSize: '7cqw', fontWeight: 800, fontStyle: 'italic', letterSpacing: '.02em', lineHeight: 1 }}>
      {brand.toUpperCase()}
    </span>
  );
}

interface FaceProps {
  card: PaymentCardFace;
  hidden: boolean;
}

const muted = (card: PaymentCardFace) => (card.status !== 'active' ? 'grayscale(.7) brightness(1.05)' : undefined);

function Front({ card, number, hidden }: FaceProps & { number?: string }) {
  return (
    <div
      aria-hidden={hidden}
      style={{
        ...face,
        filter: muted(card),
        background: BACKGROUNDS[card.type],
        padding: '6.5cqw 7cqw',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        {card.type === 'physical' ? <Chip /> : <Contactless />}
        <span style={label}>{card.type === 'physical' ? 'Physical' : 'Virtual'}</span>
      </div>
      <div
        style={{
          fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace",
          fontSize: '6.2cqw',
          letterSpacing: '.06em',
          whiteSpace: 'nowrap',
        }}
      >
        {number ? (
          groupedCardNumber(number)
        ) : (
          <>
            <span aria-hidden>{maskedCardNumber(card.last4)}</span>
            <VisuallyHidden>Card number ending in {card.last4}</VisuallyHidden>
          </>
        )}
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: '5cqw' }}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <div style={label}>Card holder</div>
          <div style={value}>{card.holderName}</div>
        </div>
        <div style={{ flex: 'none' }}>
          <div style={label}>Expires</div>
          <div style={value}>{cardExpiry(card)}</div>
        </div>
        <Brand brand={card.brand} />
      </div>
    </div>
  );
}

function Back({ card, cvc, hidden }: FaceProps & { cvc?: string }) {
  return (
    <div
      aria-hidden={hidden}
      style={{
        ...face,
        filter: muted(card),
        background: BACKGROUNDS[card.type],
        transform: 'rotateY(180deg)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div aria-hidden style={{ height: '16%', marginTop: '9%', background: 'rgba(0,0,0,.78)' }} />
      <div style={{ display: 'flex', alignItems: 'center', gap: '3cqw', margin: '6cqw 7cqw 0' }}>
        <div
          aria-hidden
          style={{
            flex: 1,
            height: '9cqw',
            borderRadius: '1cqw',
            background: 'repeating-linear-gradient(-45deg, #f4f4f5 0 6px, #e4e4e7 6px 12px)',
          }}
        />
        <div style={{ flex: 'none', textAlign: 'center' }}>
          <div style={label}>CVC</div>
          <div
            style={{
              ...value,
              fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace",
              background: '#fff',
              color: '#111827',
              borderRadius: '1cqw',
              padding: '.6cqw 2.4cqw',
            }}
          >
            {cvc ?? (
              <>
                <span aria-hidden>•••</span>
                <VisuallyHidden>hidden</VisuallyHidden>
              </>
            )}
          </div>
        </div>
      </div>
      <div
        style={{
          marginTop: 'auto',
          padding: '0 7cqw 6cqw',
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '4cqw',
        }}
      >
        <span style={{ fontSize: '2.6cqw', opacity: 0.7, lineHeight: 1.4 }}>
          Use of this card is subject to the Issuing Terms of Service. Keep the number and CVC private.
        </span>
        <Brand brand={card.brand} />
      </div>
    </div>
  );
}

/**
 * A payment card drawn at the proportions of a real one (ISO/IEC 7810 ID-1). It scales with its container;
 * `flipped` turns it over to the CVC side. The hidden face is hidden from assistive technology too.
 */
export function PaymentCard({ card, number, cvc, flipped = false }: Props): ReactNode {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <div style={{ containerType: 'inline-size', width: '100%' }}>
      <div style={{ position: 'relative', width: '100%', aspectRatio: '85.6 / 53.98', perspective: '1200px' }}>
        <div
          style={{
            position: 'absolute',
            inset: 0,
            transformStyle: 'preserve-3d',
            transition: reduceMotion ? 'none' : 'transform .6s cubic-bezier(.3,.7,.3,1)',
            transform: flipped ? 'rotateY(180deg)' : 'none',
          }}
        >
          <Front card={card} number={number} hidden={flipped} />
          <Back card={card} cvc={cvc} hidden={!flipped} />
        </div>
      </div>
    </div>
  );
}
