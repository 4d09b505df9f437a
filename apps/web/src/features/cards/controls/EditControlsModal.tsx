import { Form } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES, NO_SPENDING_CONTROLS } from '@wallet/contract';
import { FormModal, formSaveCallbacks } from '../../../components/FormModal';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import type { CardWithControls } from '../api/card-controls-types';
import { useUpdateSpendingControls } from '../api/update-card-controls';
import { SpendingControlsFields } from './SpendingControlsFields';
import { controlsToForm, formToControls, type ControlsFormValues } from './controls-form';

const SERVER_FIELDS = { allowed_categories: 'controls.categories', blocked_categories: 'controls.categories' };

/** Edit Controls (admins): the card's limits and category rule, PUT /api/cards/{id}/spending-controls. */
export function EditControlsModal({
  card,
  open,
  onClose,
}: {
  card: CardWithControls;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ controls: ControlsFormValues }>();
  const update = useUpdateSpendingControls(card.id);
  const notifySuccess = useNotifySuccess();

  const handleFinish = ({ controls }: { controls: ControlsFormValues }) =>
    update.mutate(
      formToControls(controls),
      formSaveCallbacks(form, {
        notifySuccess,
        fallback: CARD_CONTROL_MESSAGES.controlsUpdated,
        onClose,
        fieldNames: SERVER_FIELDS,
      }),
    );

  return (
    <FormModal
      title={CARD_CONTROLS_TEXTS.controlsTitle}
      open={open}
      onClose={onClose}
      form={form}
      name="spendingControls"
      initialValues={{ controls: controlsToForm(card.spending_controls ?? NO_SPENDING_CONTROLS) }}
      onFinish={handleFinish}
      saving={update.isPending}
    >
      <SpendingControlsFields name="controls" />
    </FormModal>
  );
}
