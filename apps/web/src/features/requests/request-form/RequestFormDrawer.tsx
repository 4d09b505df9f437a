import {
  Alert,
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  type FormRule,
} from 'antd';
import { REQUEST_MESSAGES, REQUEST_TEXTS, newRequestSchema, type PurchaseRequestResource } from '@wallet/contract';
import type { Dayjs } from 'dayjs';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { ResponsiveDrawer } from '../../../components/ResponsiveDrawer';
import { amountRules } from '../../../lib/amount-rules';
import { DATE_FORMATS, WIRE_DAY } from '../../../lib/dates';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { useCurrentUser } from '../../../lib/session';
import { useNotifySuccess } from '../../../lib/use-notify-success';
import { useMyCards, useMyTeams, useWalletCategories } from '../api/get-form-choices';
import { useRequest } from '../api/get-request';
import { useSaveRequest } from '../api/save-request';
import {
  EMPTY_REQUEST_VALUES,
  INTERVAL_OPTIONS,
  formValuesOf,
  isSelectableDate,
  toRequestBody,
  type RequestFormValues,
} from './request-form-values';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Edit Request: the request to change; otherwise a new request is filed. */
  requestId?: number;
  /** ?card_id= of /requests?action=addRequest: the card chosen up front. */
  initialCardId?: number;
}

const MAX_NOTES = 255;
/** Shown as every date is; typed also as YYYY-MM-DD. */
const PICKER_FORMATS = [DATE_FORMATS.date, WIRE_DAY];

const rules = {
  amount: amountRules(1),
  card_id: [{ required: true, message: REQUEST_MESSAGES.cardRequired }],
  team_id: [{ required: true, message: REQUEST_MESSAGES.teamRequired }],
  notes: [zodRule(newRequestSchema.shape.notes)],
  start_date: [
    ({ getFieldValue }) => ({
      validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
        if (getFieldValue('interval') === 'none') return;
        if (!value) throw new Error(REQUEST_MESSAGES.startDateRequired);
        if (!isSelectableDate(value)) throw new Error(REQUEST_MESSAGES.startDateFuture);
      },
    }),
  ],
  end_date: [
    ({ getFieldValue }) => ({
      validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
        const start = getFieldValue('start_date') as Dayjs | null | undefined;
        if (value && start && !value.isAfter(start, 'day')) throw new Error(REQUEST_MESSAGES.endDateAfterStart);
      },
    }),
  ],
} satisfies Record<string, FormRule[]>;

/** A request is editable while nobody has decided anything (ARCHITECTURE.md D8). */
function isEditable(request: PurchaseRequestResource): boolean {
  return (
    request.approved_path === 'pending' &&
    request.approved_accounting === 'pending' &&
    (request.approvals ?? []).every((approval) => approval.approved === 'pending')
  );
}

function RequestForm({
  initialValues,
  requestId,
  editable,
  onDone,
}: {
  initialValues: RequestFormValues;
  requestId?: number;
  editable: boolean;
  onDone: () => void;
}) {
  const me = useCurrentUser();
  const [form] = Form.useForm<RequestFormValues>();
  const cards = useMyCards(me.id);
  const teams = useMyTeams(me.id);
  const categories = useWalletCategories();
  const save = useSaveRequest();
  const notifySuccess = useNotifySuccess();
  const interval = Form.useWatch('interval', form) ?? initialValues.interval;
  const startDate = Form.useWatch('start_date', form);
  const recurring = interval !== 'none';

  const handleIntervalChange = (value: string) => {
    // Dates only mean something for a recurring request.
    if (value === 'none')
      form.setFields([
        { name: 'start_date', value: null, errors: [] },
        { name: 'end_date', value: null, errors: [] },
      ]);
  };

  const handleFinish = (values: RequestFormValues) => {
    save.mutate(
      { userId: me.id, id: requestId, body: toRequestBody(values) },
      {
        onSuccess: () => {
          notifySuccess(REQUEST_MESSAGES.submitted, REQUEST_MESSAGES.submittedDetail);
          onDone();
        },
        onError: (error) => showServerFieldErrors(form, error),
      },
    );
  };

  const noCards = cards.isSuccess && cards.data.every((card) => card.status === 'canceled');
  const noTeams = teams.isSuccess && teams.data.length === 0;

  return (
    <Form<RequestFormValues>
      form={form}
      name="requestForm"
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      onFinish={handleFinish}
      disabled={!editable}
    >
      {(noCards || noTeams) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={noCards ? 'You have no card to fund yet.' : 'You are not on a team yet.'}
          description={
            noCards
              ? 'Ask an admin for a card, then file your request.'
              : 'Ask an admin to add you to a team, whose approvers decide your request.'
          }
        />
      )}
      <Form.Item label="Amount" name="amount" rules={rules.amount} required>
        <CurrencyInput aria-required />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Card" name="card_id" rules={rules.card_id} required>
            <Select<number>
              placeholder="Select a card"
              loading={cards.isPending}
              // A card the issuer canceled can never be funded again (the server refuses it too).
              options={cards.data
                ?.filter((card) => card.status !== 'canceled')
                .map((card) => ({
                  value: card.id,
                  label: `${card.brand} •••• ${card.last4}${card.status === 'inactive' ? ' (inactive)' : ''}`,
                }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Team" name="team_id" rules={rules.team_id} required>
            <Select<number>
              placeholder="Select a team"
              loading={teams.isPending}
              options={teams.data?.map((team) => ({ value: team.id, label: team.name, color: team.color }))}
              optionRender={(option) => (
                <Flex align="center" gap={8}>
                  <span
                    aria-hidden
                    style={{ width: 10, height: 10, borderRadius: '50%', background: option.data.color, flex: 'none' }}
                  />
                  {option.data.label}
                </Flex>
              )}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Category" name="wallet_category_id">
        <Select<number>
          allowClear
          placeholder="Select a category"
          loading={categories.isPending}
          options={categories.data?.map((category) => ({ value: category.id, label: category.name }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label="Notes" name="notes" rules={rules.notes} required>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="What is this for?"
          count={{ show: true, max: MAX_NOTES }}
        />
      </Form.Item>
      <Form.Item label="Recurring" name="interval" tooltip={REQUEST_MESSAGES.intervalTooltip} required>
        <Select options={INTERVAL_OPTIONS} onChange={handleIntervalChange} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Start Date"
            name="start_date"
            rules={rules.start_date}
            required={recurring}
            dependencies={['interval']}
          >
            <DatePicker
              style={{ width: '100%' }}
              format={PICKER_FORMATS}
              disabled={!recurring}
              disabledDate={(date) => !isSelectableDate(date)}
              placeholder="Select a date"
              showToday={false}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="End Date" name="end_date" rules={rules.end_date} dependencies={['start_date']}>
            <DatePicker
              style={{ width: '100%' }}
              format={PICKER_FORMATS}
              disabled={!recurring}
              disabledDate={(date) => !isSelectableDate(date) || Boolean(startDate && !date.isAfter(startDate, 'day'))}
              placeholder="No end date"
              showToday={false}
            />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button onClick={onDone} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {requestId === undefined ? 'Submit Request' : 'Save Changes'}
        </Button>
      </Space>
    </Form>
  );
}

function EditRequestForm({ requestId, onDone }: { requestId: number; onDone: () => void }) {
  const request = useRequest(requestId);
  if (request.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (request.isError) return <Result status="warning" title="This request could not be loaded." />;
  const editable = isEditable(request.data);
  return (
    <>
      {!editable && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={REQUEST_MESSAGES.notEditable} />}
      <RequestForm
        key={request.data.id}
        initialValues={formValuesOf(request.data)}
        requestId={requestId}
        editable={editable}
        onDone={onDone}
      />
    </>
  );
}

/** Create New Request (and Edit Request): every PRODUCT.md §5 rule and message; the server's 422s on the fields. */
export function RequestFormDrawer({ open, onClose, requestId, initialCardId }: Props) {
  return (
    <ResponsiveDrawer
      title={requestId === undefined ? REQUEST_TEXTS.createDrawerTitle : REQUEST_TEXTS.editDrawerTitle}
      open={open}
      onClose={onClose}
      width={560}
    >
      {requestId === undefined ? (
        <RequestForm initialValues={{ ...EMPTY_REQUEST_VALUES, card_id: initialCardId }} editable onDone={onClose} />
      ) : (
        <EditRequestForm requestId={requestId} onDone={onClose} />
      )}
    </ResponsiveDrawer>
  );
}
