import { Col, Form, Input, Row } from 'antd';
import { profileSchema } from '@wallet/contract';
import { zodRule } from '../lib/form-rules';
import { StateSelect } from './StateSelect';

const shape = profileSchema.shape;
const rules = {
  first_name: [zodRule(shape.first_name)],
  last_name: [zodRule(shape.last_name)],
  email: [zodRule(shape.email)],
  cell_phone: [zodRule(shape.cell_phone)],
  address: [zodRule(shape.address)],
  address2: [zodRule(shape.address2)],
  city: [zodRule(shape.city)],
  state_province: [zodRule(shape.state_province)],
  postal: [zodRule(shape.postal)],
};

/** The profile fields of PRODUCT.md §5 (user forms and Personal Information), validated with the server's schema. */
export function ProfileFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item label="First Name" name="first_name" rules={rules.first_name} required>
          <Input autoComplete="given-name" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Last Name" name="last_name" rules={rules.last_name} required>
          <Input autoComplete="family-name" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Email" name="email" rules={rules.email} required>
          <Input type="email" inputMode="email" autoComplete="email" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Cell Phone" name="cell_phone" rules={rules.cell_phone}>
          <Input type="tel" inputMode="tel" autoComplete="tel" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Address" name="address" rules={rules.address}>
          <Input autoComplete="address-line1" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Address 2" name="address2" rules={rules.address2}>
          <Input autoComplete="address-line2" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="City" name="city" rules={rules.city}>
          <Input autoComplete="address-level2" maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="State" name="state_province" rules={rules.state_province}>
          <StateSelect />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Postal Code" name="postal" rules={rules.postal}>
          <Input autoComplete="postal-code" maxLength={20} />
        </Form.Item>
      </Col>
    </Row>
  );
}

const PROFILE_KEYS = [
  'first_name',
  'last_name',
  'email',
  'cell_phone',
  'address',
  'address2',
  'city',
  'state_province',
  'postal',
] as const;
type ProfileKey = (typeof PROFILE_KEYS)[number];

/** The profile values of a user as the form holds them (null -> undefined, so empty inputs stay empty). */
export function profileFormValues(user: { [K in ProfileKey]: string | null }): Record<ProfileKey, string | undefined> {
  return Object.fromEntries(PROFILE_KEYS.map((key) => [key, user[key] ?? undefined])) as Record<
    ProfileKey,
    string | undefined
  >;
}
