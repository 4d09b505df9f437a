import { Flex, Result, type ResultProps } from 'antd';
import { APPROVAL_LINK_TEXTS } from '@wallet/contract';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ButtonLink';
import { paths } from '../../paths';

interface Props {
  status: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  detail: string;
}

/** The frame of the pages a one-click approval link lands on: what happened, and the way into the app. */
export function ApprovalLinkResult({ status, icon, title, detail }: Props) {
  return (
    <Flex component="main" justify="center" align="center" style={{ flex: 1, padding: '48px 16px' }}>
      <Result
        status={status}
        icon={icon}
        title={<h1 style={{ fontSize: 24, lineHeight: '32px', margin: 0, fontWeight: 600 }}>{title}</h1>}
        subTitle={<p style={{ maxWidth: 480, margin: '0 auto', fontSize: 15 }}>{detail}</p>}
        extra={
          <Flex justify="center" gap={12} wrap>
            <ButtonLink type="primary" to={`${paths.requests}?tab=pending`}>
              {APPROVAL_LINK_TEXTS.openRequests}
            </ButtonLink>
            <ButtonLink to={paths.login}>{APPROVAL_LINK_TEXTS.signIn}</ButtonLink>
          </Flex>
        }
        style={{ maxWidth: 640 }}
      />
    </Flex>
  );
}
