import { Col, Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';
import { StateSelect } from '../../../components/StateSelect';

export interface AddressRules {
  line1: FormRule[];
  line2: FormRule[];
  city: FormRule[];
  state: FormRule[];
  postal_code: FormRule[];
}

/** line1, line2, city, state (50 states and DC) and postal code under `prefix` ('billing' or 'shipping'). */
export function AddressFields({
  prefix,
  rules,
  autoCompleteSection,
}: {
  prefix: string;
  rules: AddressRules;
  autoCompleteSection: string;
}) {
  const auto = (token: string) => `section-${autoCompleteSection} ${token}`;
  return (
    <Row gutter={16}>
      <Col xs={24}>
        <Form.Item label="Address Line 1" name={[prefix, 'line1']} rules={rules.line1} required>
          <Input autoComplete={auto('address-line1')} maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Address Line 2" name={[prefix, 'line2']} rules={rules.line2}>
          <Input autoComplete={auto('address-line2')} maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={10}>
        <Form.Item label="City" name={[prefix, 'city']} rules={rules.city} required>
          <Input autoComplete={auto('address-level2')} maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label="State" name={[prefix, 'state']} rules={rules.state} required>
          <StateSelect />
        </Form.Item>
      </Col>
      <Col xs={24} sm={6}>
        <Form.Item label="Postal Code" name={[prefix, 'postal_code']} rules={rules.postal_code} required>
          <Input autoComplete={auto('postal-code')} maxLength={20} />
        </Form.Item>
      </Col>
    </Row>
  );
}
