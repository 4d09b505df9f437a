import { Form, Modal } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES } from '@wallet/contract';
import type { Dayjs } from 'dayjs';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import type { CardWithControls } from '../api/card-controls-types';
import { useUpdateCardDetails } from '../api/update-card-controls';
import { MerchantLockExpiryFields, NicknamePurposeFields } from './CardIdentityFields';
import { dayOfWire, wireOfDay } from './controls-form';

interface Values {
  nickname?: string | null;
  purpose?: string | null;
  merchant_lock?: string | null;
  allocation_expires_on?: Dayjs | null;
}

/** Edit Details (admins): nickname, purpose, merchant lock and allocation expiry, PATCH /api/cards/{id}. */
export function EditDetailsModal({
  card,
  open,
  onClose,
}: {
  card: CardWithControls;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateCardDetails(card.id);
  const notifySuccess = useNotifySuccess();

  // Only what changed is sent: an expiry already past (or today) would be refused if sent again unchanged.
  const handleFinish = ({ allocation_expires_on, ...values }: Values) => {
    const next = {
      nickname: values.nickname || null,
      purpose: values.purpose || null,
      merchant_lock: values.merchant_lock || null,
      allocation_expires_on: wireOfDay(allocation_expires_on),
    };
    const changed = Object.fromEntries(
      Object.entries(next).filter(([key, value]) => value !== (card[key as keyof typeof next] ?? null)),
    );
    if (Object.keys(changed).length === 0) {
      onClose();
      return;
    }
    update.mutate(changed, {
      onSuccess: ({ message }) => {
        notifySuccess(message || CARD_CONTROL_MESSAGES.detailsUpdated);
        onClose();
      },
      onError: (error) => showServerFieldErrors(form, error),
    });
  };

  return (
    <Modal
      open={open}
      title={CARD_CONTROLS_TEXTS.editDetails}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="cardDetails"
        layout="vertical"
        initialValues={{
          nickname: card.nickname ?? '',
          purpose: card.purpose ?? '',
          merchant_lock: card.merchant_lock ?? '',
          allocation_expires_on: dayOfWire(card.allocation_expires_on),
        }}
        onFinish={handleFinish}
      >
        <NicknamePurposeFields />
        <MerchantLockExpiryFields />
      </Form>
    </Modal>
  );
}
