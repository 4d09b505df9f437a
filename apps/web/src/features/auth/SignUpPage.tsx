import { GoogleOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { GOOGLE_SIGN_IN_TEXTS, SIGN_UP_TEXTS } from '@wallet/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, serverPaths } from '../../paths';
import { useSignInOptions } from './api/sign-in-options';
import { AuthShell } from './AuthShell';

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Flex
      component="section"
      gap={14}
      align="flex-start"
      style={{ padding: 16, border: '1px solid #e5e7eb', borderRadius: 8 }}
    >
      <span aria-hidden style={{ fontSize: 20, lineHeight: '24px', color: '#2450c7' }}>
        {icon}
      </span>
      <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Flex>
    </Flex>
  );
}

/**
 * /sign-up, where /login's "Don't have an account?" goes: there is no self-service sign-up, so it says how to join.
 * Google sign-in requests access (an admin approves it) when the server has Google configured; otherwise, or as well,
 * an admin's invitation.
 */
export function SignUpPage() {
  const options = useSignInOptions();
  const google = options.data?.google.configured;
  return (
    <AuthShell>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0, marginBottom: 8 }}>
        {SIGN_UP_TEXTS.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
        {SIGN_UP_TEXTS.intro}
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        {options.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} style={{ minHeight: 120 }} />
        ) : (
          google && (
            <Way icon={<GoogleOutlined />} title={SIGN_UP_TEXTS.googleTitle}>
              <Typography.Text>{SIGN_UP_TEXTS.google}</Typography.Text>
              <Button block icon={<GoogleOutlined />} href={serverPaths.googleSignIn}>
                {GOOGLE_SIGN_IN_TEXTS.button}
              </Button>
            </Way>
          )
        )}
        <Way icon={<MailOutlined />} title={SIGN_UP_TEXTS.invitationTitle}>
          <Typography.Text>{SIGN_UP_TEXTS.invitation}</Typography.Text>
        </Way>
      </Flex>
      <Flex justify="center" gap={6} wrap style={{ marginTop: 24 }}>
        <Typography.Text type="secondary">{SIGN_UP_TEXTS.haveAccount}</Typography.Text>
        <Link to={paths.login}>{SIGN_UP_TEXTS.backToSignIn}</Link>
      </Flex>
    </AuthShell>
  );
}
