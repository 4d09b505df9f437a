import { Button, Form, Radio, Typography } from 'antd';
import {
  CARD_SETTINGS_TEXTS,
  CARD_TYPES,
  centsToDecimal,
  MAX_AMOUNT_CENTS,
  SHIPPING_SERVICES,
  type CardSettings,
} from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { formAmountToCents } from '../../../lib/amount-rules';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http';
import { capitalize } from '../../../lib/payment-cards';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { controlsToForm, formToControls, SpendingControlsFields, type ControlsFormValues } from '../../cards';
import { useCardSettingsForm, useSaveCardSettings } from '../api/card-settings';
import {
  ReceiptPolicyFields,
  receiptPolicyFromForm,
  receiptPolicyToForm,
  type ReceiptPolicyValues,
} from './ReceiptPolicyFields';

interface Values extends ReceiptPolicyValues {
  default_type: CardSettings['default_type'];
  default_shipping_service: CardSettings['default_shipping_service'];
  controls: ControlsFormValues;
  /** Dollars as typed; empty: no notification. */
  org_funds_low_threshold: string | null;
}

const toForm = (settings: CardSettings): Values => ({
  default_type: settings.default_type,
  default_shipping_service: settings.default_shipping_service,
  controls: controlsToForm(settings.default_spending_controls),
  org_funds_low_threshold:
    settings.org_funds_low_threshold === null ? null : centsToDecimal(settings.org_funds_low_threshold),
  ...receiptPolicyToForm(settings),
});

/** The server names fields by the API's body ('default_spending_controls.spending_limits.0.amount'); the form by its own. */
function formFieldOf(field: string): string {
  return field
    .replace(/^default_spending_controls\.(allowed|blocked)_categories.*$/, 'controls.categories')
    .replace(/^default_spending_controls\.spending_limits/, 'controls.limits')
    .replace(/^default_spending_controls$/, 'controls.categories');
}

const thresholdRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    const cents = formAmountToCents(value);
    if (cents === null || cents < 1 || cents > MAX_AMOUNT_CENTS) throw new Error(CARD_SETTINGS_TEXTS.thresholdInvalid);
  },
};

/**
 * Account Settings → Card Settings (admins): what new cards start from, when admins hear funds run low, and the receipt
 * and memo policy.
 */
export function CardSettingsTab() {
  const settings = useCardSettingsForm();
  const save = useSaveCardSettings();
  const notifySuccess = useNotifySuccess();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('default_type', form);

  if (settings.isPending) return <LoadingBlock height={480} label={`Loading ${CARD_SETTINGS_TEXTS.title}`} />;
  if (settings.isError)
    return <LoadFailed height={200} what={CARD_SETTINGS_TEXTS.title} onRetry={() => void settings.refetch()} />;

  const handleFinish = (values: Values) =>
    save.mutate(
      {
        default_type: values.default_type,
        default_shipping_service: values.default_shipping_service,
        default_spending_controls: formToControls(values.controls),
        org_funds_low_threshold: formAmountToCents(values.org_funds_low_threshold),
        ...receiptPolicyFromForm(values),
      },
      {
        onSuccess: ({ data, message }) => {
          form.resetFields();
          form.setFieldsValue(toForm(data));
          notifySuccess(message || CARD_SETTINGS_TEXTS.saved);
        },
        onError: (error) => {
          if (!(error instanceof HttpError)) return;
          const fieldMap = Object.fromEntries(Object.keys(error.errors).map((field) => [field, formFieldOf(field)]));
          showServerFieldErrors(form, error, fieldMap);
        },
      },
    );

  return (
    <section aria-labelledby="card-settings-title" style={{ maxWidth: 720 }}>
      <Typography.Title level={2} id="card-settings-title" style={{ fontSize: 18, marginTop: 0 }}>
        {CARD_SETTINGS_TEXTS.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{CARD_SETTINGS_TEXTS.intro}</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="cardSettings"
        layout="vertical"
        initialValues={toForm(settings.data)}
        onFinish={handleFinish}
        scrollToFirstError
      >
        <Form.Item label={CARD_SETTINGS_TEXTS.defaultType} name="default_type">
          <Radio.Group optionType="button" options={CARD_TYPES.map((value) => ({ value, label: capitalize(value) }))} />
        </Form.Item>
        <Form.Item
          label={CARD_SETTINGS_TEXTS.defaultShipping}
          name="default_shipping_service"
          extra={type === 'virtual' ? 'Used when a physical card is issued.' : undefined}
        >
          <Radio.Group options={SHIPPING_SERVICES.map((value) => ({ value, label: capitalize(value) }))} />
        </Form.Item>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {CARD_SETTINGS_TEXTS.defaultControls}
        </Typography.Title>
        <SpendingControlsFields name="controls" />
        <Form.Item
          label={CARD_SETTINGS_TEXTS.fundsLowThreshold}
          name="org_funds_low_threshold"
          extra={CARD_SETTINGS_TEXTS.fundsLowHelp}
          rules={[thresholdRule]}
          style={{ maxWidth: 320 }}
        >
          <CurrencyInput placeholder="0.00" />
        </Form.Item>
        <ReceiptPolicyFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save Card Settings
        </Button>
      </Form>
    </section>
  );
}
