import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SwapOutlined } from '@ant-design/icons';
import { App, Button, Flex, Tooltip } from 'antd';
import type { CardResource } from '@wallet/contract';
import { useState } from 'react';
import { PaymentCard } from '../../../components/PaymentCard';
import { useRevealCardDetails, type CardDetails } from '../api/card-details';

/**
 * The card, front and back, with the number and CVC revealed on request (a 423 is the http client's: the shared
 * confirm-password modal asks, then the reveal is made again). Revealed details live in this component only.
 */
export function CardVisualPanel({ card }: { card: CardResource }) {
  const [flipped, setFlipped] = useState(false);
  const [details, setDetails] = useState<CardDetails>();
  const reveal = useRevealCardDetails(card.id);
  const { message } = App.useApp();

  const doReveal = () => reveal.mutate(undefined, { onSuccess: setDetails });

  const copyNumber = async () => {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.number);
      void message.success('Card number copied');
    } catch {
      void message.error('Could not copy the card number');
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 420, width: '100%', marginInline: 'auto' }}>
      <PaymentCard card={{ ...card, holderName: card.name }} number={details?.number} cvc={details?.cvc} flipped={flipped} />
      <Flex wrap gap={8} justify="center">
        {details ? (
          <Button icon={<EyeInvisibleOutlined aria-hidden />} onClick={() => setDetails(undefined)}>
            Hide Details
          </Button>
        ) : (
          <Button icon={<EyeOutlined aria-hidden />} loading={reveal.isPending} onClick={doReveal}>
            Show Details
          </Button>
        )}
        <Button icon={<SwapOutlined aria-hidden />} onClick={() => setFlipped((value) => !value)} aria-pressed={flipped}>
          Flip Card
        </Button>
        <Tooltip title="Copy card number">
          <Button icon={<CopyOutlined aria-hidden />} aria-label="Copy card number" disabled={!details} onClick={() => void copyNumber()} />
        </Tooltip>
      </Flex>
    </Flex>
  );
}
