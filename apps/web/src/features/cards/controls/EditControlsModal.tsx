import { Form, Modal } from 'antd';
import { CARD_CONTROLS_TEXTS, CARD_CONTROL_MESSAGES, NO_SPENDING_CONTROLS } from '@wallet/contract';
import { showServerFieldErrors } from '../../../lib/form-errors';
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
    update.mutate(formToControls(controls), {
      onSuccess: ({ message }) => {
        notifySuccess(message || CARD_CONTROL_MESSAGES.controlsUpdated);
        onClose();
      },
      onError: (error) => showServerFieldErrors(form, error, SERVER_FIELDS),
    });

  return (
    <Modal
      open={open}
      title={CARD_CONTROLS_TEXTS.controlsTitle}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="spendingControls"
        layout="vertical"
        initialValues={{ controls: controlsToForm(card.spending_controls ?? NO_SPENDING_CONTROLS) }}
        onFinish={handleFinish}
      >
        <SpendingControlsFields name="controls" />
      </Form>
    </Modal>
  );
}
