import { Flex, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { paths } from '../../paths';

interface Props {
  status: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  detail: string;
  /** The button back to /login. */
  action: string;
}

/** The frame of the registration pages: what happened, in words, and the way back to the login page. */
export function RegistrationResult({ status, icon, title, detail, action }: Props) {
  return (
    <Flex component="main" justify="center" align="center" style={{ flex: 1, padding: '48px 16px' }}>
      <Result
        status={status}
        icon={icon}
        title={<h1 style={{ fontSize: 24, lineHeight: '32px', margin: 0, fontWeight: 600 }}>{title}</h1>}
        subTitle={<p style={{ maxWidth: 480, margin: '0 auto', fontSize: 15 }}>{detail}</p>}
        extra={
          <ButtonLink type="primary" size="large" to={paths.login}>
            {action}
          </ButtonLink>
        }
        style={{ maxWidth: 640 }}
      />
    </Flex>
  );
}
