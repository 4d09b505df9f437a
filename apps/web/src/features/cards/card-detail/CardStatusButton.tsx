import { PoweroffOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { CARD_MESSAGES, type CardResource } from '@wallet/contract';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useUpdateCardStatus } from '../api/update-card-status';

/** Activate Card / Deactivate Card (PRODUCT.md §4): deactivating keeps the balance and can be undone at any time. */
export function CardStatusButton({ card }: { card: CardResource }) {
  const updateStatus = useUpdateCardStatus(card.id);
  const notifySuccess = useNotifySuccess();

  const setStatus = (status: CardResource['status']) =>
    updateStatus.mutate(status, {
      onSuccess: ({ message }) =>
        notifySuccess(
          message || CARD_MESSAGES.statusUpdated,
          status === 'active' ? 'The card is active.' : 'The card is inactive.',
        ),
    });

  if (card.status === 'active') {
    return (
      <Popconfirm
        title="Deactivate this card?"
        description="Purchases are declined until it is activated again. The balance stays on the card."
        okText="Deactivate Card"
        okButtonProps={{ danger: true }}
        onConfirm={() => setStatus('inactive')}
      >
        <Button danger icon={<PoweroffOutlined aria-hidden />} loading={updateStatus.isPending}>
          Deactivate Card
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Button
      icon={<PoweroffOutlined aria-hidden />}
      loading={updateStatus.isPending}
      onClick={() => setStatus('active')}
    >
      Activate Card
    </Button>
  );
}
