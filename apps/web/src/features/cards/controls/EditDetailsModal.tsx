import { Form } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES } from '@wallet/contract';
import type { Dayjs } from 'dayjs';
import { FormModal, formSaveCallbacks } from '../../../components/FormModal';
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
    update.mutate(
      changed,
      formSaveCallbacks(form, { notifySuccess, fallback: CARD_CONTROL_MESSAGES.detailsUpdated, onClose }),
    );
  };

  return (
    <FormModal
      title={CARD_CONTROLS_TEXTS.editDetails}
      open={open}
      onClose={onClose}
      form={form}
      name="cardDetails"
      initialValues={{
        nickname: card.nickname ?? '',
        purpose: card.purpose ?? '',
        merchant_lock: card.merchant_lock ?? '',
        allocation_expires_on: dayOfWire(card.allocation_expires_on),
      }}
      onFinish={handleFinish}
      saving={update.isPending}
    >
      <NicknamePurposeFields />
      <MerchantLockExpiryFields />
    </FormModal>
  );
}
