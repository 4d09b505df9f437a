import { LockOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  ConfigProvider,
  Divider,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import {
  CARD_CONTROLS_TEXTS,
  CARD_MESSAGES,
  CARD_TYPES,
  DEFAULT_CARD_SETTINGS,
  SHIPPING_SERVICES,
  billingSchema,
  newCardSchema,
  shippingSchema,
  type UserResource,
  type CardResource,
  type CardSettings,
} from '@wallet/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../paths';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { capitalize } from '../../../lib/payment-cards';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useCardholder, type CardholderAddress } from '../api/get-cardholder';
import { useCardholderChoices } from '../api/get-users';
import { useCreateCard } from '../api/create-card';
import { useCardSettings } from '../api/card-settings';
import { MerchantLockExpiryFields, NicknamePurposeFields } from '../controls/CardIdentityFields';
import { SpendingControlsFields } from '../controls/SpendingControlsFields';
import { controlsToForm, formToControls, wireOfDay, type ControlsFormValues } from '../controls/controls-form';
import { AddressFields, type AddressRules } from './AddressFields';

interface Address {
  line1?: string;
  line2?: string | null;
  city?: string;
  state?: string;
  postal_code?: string;
}

interface Values {
  user_id?: number;
  type: (typeof CARD_TYPES)[number];
  legal_first_name?: string;
  legal_last_name?: string;
  cardholder_name?: string;
  billing?: Address;
  shipping?: Address & { service?: (typeof SHIPPING_SERVICES)[number]; name?: string };
  nickname?: string;
  purpose?: string;
  merchant_lock?: string;
  allocation_expires_on?: Dayjs | null;
  controls?: ControlsFormValues;
}

/** The server's names of the controls' fields, as the form names them. */
const SERVER_FIELDS = {
  'spending_controls.allowed_categories': 'controls.categories',
  'spending_controls.blocked_categories': 'controls.categories',
};

/** The longest name a card can carry (the server's rule). */
const CARDHOLDER_NAME_MAX = 24;

const card = newCardSchema.shape;
const billing = billingSchema.shape;
const shipping = shippingSchema.shape;
const addressRules = (shape: typeof billing | typeof shipping): AddressRules => ({
  line1: [zodRule(shape.line1)],
  line2: [zodRule(shape.line2)],
  city: [zodRule(shape.city)],
  state: [zodRule(shape.state)],
  postal_code: [zodRule(shape.postal_code)],
});
const rules = {
  user_id: [{ required: true, message: CARD_MESSAGES.userRequired }],
  legal_first_name: [zodRule(card.legal_first_name)],
  legal_last_name: [zodRule(card.legal_last_name)],
  cardholder_name: [zodRule(card.cardholder_name)],
  billing: addressRules(billing),
  shipping: addressRules(shipping),
  shippingService: [{ required: true, message: CARD_MESSAGES.shippingMethod }],
  shippingName: [zodRule(shipping.name)],
};

function addressOfUser(user: UserResource): Address {
  return {
    line1: user.address ?? undefined,
    line2: user.address2 ?? undefined,
    city: user.city ?? undefined,
    state: user.state_province ?? undefined,
    postal_code: user.postal ?? undefined,
  };
}

function addressOfCardholder(address: CardholderAddress): Address {
  return {
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    postal_code: address.postal_code,
  };
}

/** Form paths of a zod issue ('billing.line1' -> ['billing', 'line1']). */
function issuesAsFields(issues: { path: PropertyKey[]; message: string }[]) {
  return issues.map((issue) => ({
    name: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    errors: [issue.message],
  }));
}

/** What the form starts from: the organisation's Card Settings (type, shipping speed, controls). */
function initialValuesOf(settings: CardSettings): Values {
  return {
    type: settings.default_type,
    shipping: { service: settings.default_shipping_service },
    controls: controlsToForm(settings.default_spending_controls),
  };
}
const SETTINGS_FIELDS: (keyof Values)[] = ['type', 'shipping', 'controls'];

function CreateCardForm({ onDone, onCreated }: { onDone: () => void; onCreated?: (card: CardResource) => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const users = useCardholderChoices();
  const userId = Form.useWatch('user_id', form);
  const type = Form.useWatch('type', form) ?? 'virtual';
  const cardholder = useCardholder(userId);
  const existing = cardholder.data ?? null;
  const createCard = useCreateCard();
  const notifySuccess = useNotifySuccess();
  const chosenUser = users.data?.data.find((user) => user.id === userId);
  const settings = useCardSettings();
  const initialValues = initialValuesOf(settings.data ?? DEFAULT_CARD_SETTINGS);

  // Card Settings usually arrive before anyone has touched the form: it then starts from them.
  useEffect(() => {
    if (settings.data && !form.isFieldsTouched(SETTINGS_FIELDS)) form.resetFields(SETTINGS_FIELDS);
  }, [settings.data, form]);

  // An existing cardholder's names (and billing address) come from the issuer; the names can't change.
  useEffect(() => {
    if (!existing) return;
    const details = existing.stripe_cardholder_details;
    form.setFieldsValue({
      legal_first_name: details.individual.first_name,
      legal_last_name: details.individual.last_name,
      cardholder_name: details.name,
      billing: addressOfCardholder(details.billing.address),
    });
  }, [existing, form]);

  const handleUserChange = (id: number | undefined) => {
    const user = users.data?.data.find((candidate) => candidate.id === id);
    form.resetFields(['legal_first_name', 'legal_last_name', 'cardholder_name', 'billing', 'shipping']);
    if (!user) return;
    form.setFieldsValue({
      legal_first_name: user.first_name,
      legal_last_name: user.last_name,
      cardholder_name: user.name.slice(0, CARDHOLDER_NAME_MAX),
      billing: addressOfUser(user),
    });
  };

  const copyBillingToShipping = () => {
    const values = form.getFieldsValue(['billing', 'cardholder_name']) as Pick<Values, 'billing' | 'cardholder_name'>;
    form.setFieldsValue({ shipping: { ...values.billing, name: values.cardholder_name } });
  };

  const handleFinish = ({ controls, allocation_expires_on, ...values }: Values) => {
    const parsed = newCardSchema.safeParse({
      ...values,
      shipping: values.type === 'physical' ? values.shipping : undefined,
      spending_controls: formToControls(controls),
      allocation_expires_on: wireOfDay(allocation_expires_on),
    });
    if (!parsed.success) {
      form.setFields(issuesAsFields(parsed.error.issues) as Parameters<typeof form.setFields>[0]);
      return;
    }
    createCard.mutate(
      { input: parsed.data, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ data, message }) => {
          onCreated?.(data);
          notifySuccess(
            message || CARD_MESSAGES.added,
            `${capitalize(data.type)} card •••• ${data.last4} for ${data.user?.name ?? data.name} was created. It stays inactive until it is activated.`,
            <Button type="link" style={{ paddingInline: 0 }} onClick={() => void navigate(paths.card(data.id))}>
              View Card
            </Button>,
          );
          onDone();
        },
        onError: (error) => showServerFieldErrors(form, error, SERVER_FIELDS),
      },
    );
  };

  const fieldsDisabled = !userId || cardholder.isPending;
  const namesLocked = Boolean(existing);

  return (
    <Form<Values>
      form={form}
      name="createCard"
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      onFinish={handleFinish}
      scrollToFirstError={{ block: 'center' }}
    >
      <Form.Item
        label="User"
        name="user_id"
        rules={rules.user_id}
        required
        extra={userId ? undefined : 'Choose who the card is for to fill in the rest.'}
      >
        <Select<number>
          showSearch={{ optionFilterProp: ['label', 'email'] }}
          allowClear
          placeholder="Search wallet users by name or email"
          loading={users.isPending}
          notFoundContent={users.isPending ? 'Loading…' : 'No wallet users found'}
          options={(users.data?.data ?? []).map((user) => ({ value: user.id, label: user.name, email: user.email }))}
          optionRender={(option) => (
            <Flex vertical>
              <span>{option.data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {option.data.email}
              </Typography.Text>
            </Flex>
          )}
          onChange={handleUserChange}
        />
      </Form.Item>

      {namesLocked && chosenUser && (
        <Alert
          type="info"
          showIcon
          icon={<LockOutlined aria-hidden />}
          style={{ marginBottom: 16 }}
          title={`${chosenUser.name} is already a cardholder`}
          description="Their legal names and cardholder name are on file with the card issuer and can't be changed here."
        />
      )}

      <ConfigProvider componentDisabled={fieldsDisabled}>
        <Form.Item label="Card Type" name="type" required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={CARD_TYPES.map((value) => ({ value, label: capitalize(value) }))}
          />
        </Form.Item>

        <NicknamePurposeFields />

        <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
          Cardholder
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Legal First Name" name="legal_first_name" rules={rules.legal_first_name} required>
              <Input autoComplete="off" maxLength={255} disabled={fieldsDisabled || namesLocked} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Legal Last Name" name="legal_last_name" rules={rules.legal_last_name} required>
              <Input autoComplete="off" maxLength={255} disabled={fieldsDisabled || namesLocked} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label="Cardholder Name"
              name="cardholder_name"
              rules={rules.cardholder_name}
              required
              extra={namesLocked ? undefined : `As printed on the card, up to ${CARDHOLDER_NAME_MAX} characters.`}
            >
              <Input autoComplete="off" maxLength={CARDHOLDER_NAME_MAX} disabled={fieldsDisabled || namesLocked} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
          Billing Address
        </Divider>
        <Form.Item>
          <Checkbox disabled>{CARD_MESSAGES.orgBillingComingSoon}</Checkbox>
        </Form.Item>
        <AddressFields prefix="billing" rules={rules.billing} autoCompleteSection="billing" />

        {type === 'physical' && (
          <>
            <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
              Shipping
            </Divider>
            <Form.Item label="Shipping Method" name={['shipping', 'service']} rules={rules.shippingService} required>
              <Radio.Group options={SHIPPING_SERVICES.map((value) => ({ value, label: capitalize(value) }))} />
            </Form.Item>
            <Flex justify="space-between" align="flex-end" gap={12} wrap>
              <Form.Item
                label="Shipping Name"
                name={['shipping', 'name']}
                rules={rules.shippingName}
                required
                style={{ flex: '1 1 240px' }}
              >
                <Input autoComplete="section-shipping name" maxLength={255} />
              </Form.Item>
              <Form.Item>
                <Button onClick={copyBillingToShipping}>Same as billing address</Button>
              </Form.Item>
            </Flex>
            <AddressFields prefix="shipping" rules={rules.shipping} autoCompleteSection="shipping" />
          </>
        )}

        <Divider titlePlacement="start" plain style={{ marginTop: 8 }}>
          {CARD_CONTROLS_TEXTS.controlsTitle}
        </Divider>
        <Typography.Paragraph type="secondary">{CARD_CONTROLS_TEXTS.startsFromSettings}</Typography.Paragraph>
        <SpendingControlsFields name="controls" />
        <MerchantLockExpiryFields />
      </ConfigProvider>

      <Typography.Paragraph type="secondary">New cards are inactive until they are activated.</Typography.Paragraph>
      <Space>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" loading={createCard.isPending}>
          Add Card
        </Button>
      </Space>
    </Form>
  );
}

/** Create a card (PRODUCT.md §5 New card) for a wallet user: opened by Add New Card or `?action=addCard`. */
export function CreateCardDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (card: CardResource) => void;
}) {
  return (
    <ResponsiveDrawer title="Add New Card" open={open} onClose={onClose} width={620}>
      <CreateCardForm onDone={onClose} onCreated={onCreated} />
    </ResponsiveDrawer>
  );
}
