import { Button, Flex, Result, Spin, Typography } from 'antd';
import { SSO_MESSAGES, givingProductLabel } from '@wallet/contract';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { paths } from '../../paths';
import { useGivingConfig } from './api/giving-config';
import { useCancelSsoSignIn, useConfirmSsoSignIn, useSsoSignIn } from './api/sso-sign-in';

/**
 * /sso/confirm: where GET /sso/login sends a sign-in link it accepted. Nothing is signed in until Continue, a POST
 * with the XSRF header that another site can't make this browser send, so a link someone else planted can't sign
 * this browser in as them (login CSRF).
 */
export function SsoConfirmPage() {
  const navigate = useNavigate();
  const pending = useSsoSignIn();
  const confirm = useConfirmSsoSignIn();
  const cancel = useCancelSsoSignIn();
  const { data: giving } = useGivingConfig();
  const product = giving ? givingProductLabel(giving.product_name) : 'the giving product';

  if (pending.isPending) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '80vh' }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const handleContinue = () =>
    confirm.mutate(undefined, {
      onSuccess: ({ two_factor }) => navigate(two_factor ? paths.loginTwoFactor : paths.dashboard, { replace: true }),
      onError: () => void pending.refetch(),
    });
  const handleCancel = () => cancel.mutate(undefined, { onSettled: () => navigate(paths.login, { replace: true }) });

  return (
    <Flex align="center" justify="center" style={{ minHeight: '80vh', padding: 24 }}>
      {pending.data ? (
        <Result
          status="info"
          title={SSO_MESSAGES.confirmTitle}
          subTitle={
            <>
              <Typography.Paragraph strong style={{ fontSize: 16, marginBottom: 8 }}>
                {SSO_MESSAGES.confirmQuestion(pending.data.name, pending.data.email)}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{SSO_MESSAGES.confirmHint(product)}</Typography.Text>
            </>
          }
          extra={
            <Flex wrap gap={8} justify="center">
              <Button type="primary" loading={confirm.isPending} disabled={cancel.isPending} onClick={handleContinue}>
                {SSO_MESSAGES.confirmContinue}
              </Button>
              <Button loading={cancel.isPending} disabled={confirm.isPending} onClick={handleCancel}>
                {SSO_MESSAGES.confirmCancel}
              </Button>
            </Flex>
          }
        />
      ) : (
        <Result
          status="warning"
          title={SSO_MESSAGES.refusedTitle}
          subTitle={SSO_MESSAGES.confirmExpired}
          extra={
            <Flex wrap gap={8} justify="center">
              <ButtonLink type="primary" to={paths.login}>
                Go to Sign In
              </ButtonLink>
              {giving?.url && <Button href={giving.url}>Back to {product}</Button>}
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
