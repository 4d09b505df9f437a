import { DatePicker, Form, Input } from 'antd';
import { CARD_CONTROLS_TEXTS, cardIdentityFields } from '@wallet/contract';
import { DATE_FORMATS } from '../../../lib/dates';
import { zodRule } from '../../../lib/form-rules';
import { isNotAfterTodayUtc } from './controls-form';

const rules = {
  nickname: [zodRule(cardIdentityFields.nickname)],
  purpose: [zodRule(cardIdentityFields.purpose)],
  merchant_lock: [zodRule(cardIdentityFields.merchant_lock)],
};

/** Nickname and purpose: what tells a person's cards apart on tiles and lists. */
export function NicknamePurposeFields() {
  return (
    <>
      <Form.Item label="Nickname" name="nickname" rules={rules.nickname} extra={CARD_CONTROLS_TEXTS.nicknameHelp}>
        <Input autoComplete="off" maxLength={60} />
      </Form.Item>
      <Form.Item label="Purpose" name="purpose" rules={rules.purpose}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} showCount />
      </Form.Item>
    </>
  );
}

/** Optional merchant lock and allocation expiry (a dayjs value; the caller turns it into YYYY-MM-DD). */
export function MerchantLockExpiryFields() {
  return (
    <>
      <Form.Item
        label="Merchant lock"
        name="merchant_lock"
        rules={rules.merchant_lock}
        extra={CARD_CONTROLS_TEXTS.merchantLockHelp}
      >
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item label="Allocation expires on" name="allocation_expires_on" extra={CARD_CONTROLS_TEXTS.expiryHelp}>
        <DatePicker format={DATE_FORMATS.date} disabledDate={isNotAfterTodayUtc} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}
