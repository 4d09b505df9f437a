import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Radio, Select, Typography } from 'antd';
import {
  CARD_CONTROLS_TEXTS,
  CARD_CONTROL_MESSAGES,
  SPENDING_LIMIT_INTERVALS,
  SPENDING_LIMIT_INTERVAL_LABELS,
  type SpendingLimitInterval,
} from '@wallet/contract';
import { CurrencyInput } from '../../../components/CurrencyInput';
import { formAmountToCents } from '../../../lib/amount-rules';
import { CATEGORY_MODES, CATEGORY_OPTIONS, type ControlsFormValues } from './controls-form';

const amountRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const cents = formAmountToCents(value);
    if (cents === null || cents < 1) throw new Error(CARD_CONTROL_MESSAGES.limitAmount);
  },
};

/**
 * The spending controls of a card (or of Card Settings' defaults) as form fields under `name`: a row per chosen
 * interval with its amount in dollars, and a category rule (none, allow only, block) over Stripe's categories.
 */
export function SpendingControlsFields({ name }: { name: string }) {
  const form = Form.useFormInstance();
  const limits = (Form.useWatch([name, 'limits'], form) ?? []) as ControlsFormValues['limits'];
  const mode = (Form.useWatch([name, 'category_mode'], form) ?? 'none') as ControlsFormValues['category_mode'];
  const used = new Set(limits.map((limit) => limit?.interval));
  const nextInterval = SPENDING_LIMIT_INTERVALS.find((interval) => !used.has(interval));

  return (
    <>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {CARD_CONTROLS_TEXTS.spendingLimits}
      </Typography.Text>
      <Form.List name={[name, 'limits']}>
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                {CARD_CONTROLS_TEXTS.noLimits}
              </Typography.Paragraph>
            )}
            {fields.map((field) => {
              const interval = limits[field.name]?.interval;
              const label = interval ? SPENDING_LIMIT_INTERVAL_LABELS[interval] : 'Limit';
              return (
                <Flex key={field.key} gap={8} align="flex-start">
                  <Form.Item
                    name={[field.name, 'interval']}
                    label="Interval"
                    required
                    rules={[{ required: true, message: CARD_CONTROL_MESSAGES.limitInterval }]}
                    style={{ flex: '1 1 120px', minWidth: 0, marginBottom: 12 }}
                  >
                    <Select<SpendingLimitInterval>
                      options={SPENDING_LIMIT_INTERVALS.map((value) => ({
                        value,
                        label: SPENDING_LIMIT_INTERVAL_LABELS[value],
                        disabled: used.has(value) && value !== interval,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'amount']}
                    label="Amount"
                    rules={[amountRule]}
                    required
                    style={{ flex: '1 1 120px', minWidth: 0, marginBottom: 12 }}
                  >
                    {/* Named with its interval: several rows each have an Amount. */}
                    <CurrencyInput aria-label={`${label} amount`} />
                  </Form.Item>
                  {/* Level with the inputs, below their one-line labels. */}
                  <div style={{ paddingTop: 30, marginBottom: 12 }}>
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Remove the ${label.toLowerCase()} limit`}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                </Flex>
              );
            })}
            <Form.Item>
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={!nextInterval}
                onClick={() => add({ interval: nextInterval, amount: null })}
              >
                {CARD_CONTROLS_TEXTS.addLimit}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>

      <Form.Item label={CARD_CONTROLS_TEXTS.categoryMode} name={[name, 'category_mode']}>
        <Radio.Group options={CATEGORY_MODES} />
      </Form.Item>
      {mode !== 'none' && (
        <Form.Item
          label={mode === 'allow' ? 'Allowed categories' : 'Blocked categories'}
          name={[name, 'categories']}
          rules={[
            { required: true, type: 'array', min: 1, message: CARD_CONTROLS_TEXTS.categoriesRequired },
            { type: 'array', max: 100, message: CARD_CONTROL_MESSAGES.tooManyCategories },
          ]}
        >
          <Select<string[]>
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Search categories"
            options={CATEGORY_OPTIONS}
          />
        </Form.Item>
      )}
    </>
  );
}
