import { Flex, Result } from 'antd';
import { MESSAGES } from '@wallet/contract';

/** /organization/not-found: the address names no organisation on this wallet (ARCHITECTURE.md D5). */
export function OrganizationNotFoundPage() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '80vh', padding: 24 }}>
      <Result
        status="404"
        title={MESSAGES.organisationNotFound}
        subTitle={
          <>
            There is no organisation at <strong>{window.location.hostname}</strong>. Check the address your organisation
            gave you, or ask your administrator for the right link.
          </>
        }
      />
    </Flex>
  );
}
