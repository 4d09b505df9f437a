import { Button, Flex, Result } from 'antd';
import { SSO_MESSAGES, SSO_REFUSAL_REASONS, givingProductLabel, type SsoRefusalReason } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { paths } from '../../paths';
import { useGivingConfig } from './api/giving-config';

function reasonOf(value: string | null): SsoRefusalReason {
  return SSO_REFUSAL_REASONS.find((reason) => reason === value) ?? 'invalid';
}

/** /sso/refused?reason=...: where GET /sso/login sends a link it refused (expired, already used, not valid...). */
export function SsoRefusedPage() {
  const [params] = useSearchParams();
  const reason = reasonOf(params.get('reason'));
  const { data: giving } = useGivingConfig();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '80vh', padding: 24 }}>
      <Result
        status={reason === 'unknown-user' ? '403' : 'warning'}
        title={SSO_MESSAGES.refusedTitle}
        subTitle={SSO_MESSAGES.refused[reason]}
        extra={
          <Flex wrap gap={8} justify="center">
            <ButtonLink type="primary" to={paths.login}>
              Go to Sign In
            </ButtonLink>
            {giving?.url && <Button href={giving.url}>Back to {givingProductLabel(giving.product_name)}</Button>}
          </Flex>
        }
      />
    </Flex>
  );
}
