import { Flex, Result, type ResultProps } from 'antd';
import { EMAIL_CHANGE_STATUSES, EMAIL_CHANGE_TEXTS, type EmailChangeStatus } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { paths } from '../../paths';

const RESULT_STATUS: Record<EmailChangeStatus, ResultProps['status']> = {
  changed: 'success',
  used: 'info',
  expired: 'warning',
  invalid: 'warning',
  taken: 'warning',
};

const isStatus = (value: string | null): value is EmailChangeStatus =>
  (EMAIL_CHANGE_STATUSES as readonly (string | null)[]).includes(value);

/** /email-change?status: where the link confirming a new email address lands (public), saying what happened. */
export function EmailChangeResultPage() {
  const [searchParams] = useSearchParams();
  const param = searchParams.get('status');
  const status: EmailChangeStatus = isStatus(param) ? param : 'invalid';
  const texts = EMAIL_CHANGE_TEXTS[status];
  return (
    <Flex component="main" justify="center" align="center" style={{ flex: 1, padding: '48px 16px' }}>
      <Result
        status={RESULT_STATUS[status]}
        title={<h1 style={{ fontSize: 24, lineHeight: '32px', margin: 0, fontWeight: 600 }}>{texts.title}</h1>}
        subTitle={<p style={{ maxWidth: 480, margin: '0 auto', fontSize: 15 }}>{texts.detail}</p>}
        extra={
          <Flex justify="center" gap={12} wrap>
            <ButtonLink type="primary" to={paths.profile}>
              {EMAIL_CHANGE_TEXTS.openSettings}
            </ButtonLink>
            <ButtonLink to={paths.login}>{EMAIL_CHANGE_TEXTS.signIn}</ButtonLink>
          </Flex>
        }
        style={{ maxWidth: 640 }}
      />
    </Flex>
  );
}
