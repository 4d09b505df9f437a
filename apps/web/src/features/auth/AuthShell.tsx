import { CheckCircleFilled, WalletFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { OrganizationLogo } from '../../components/OrganizationLogo';
import { APP_NAME } from '../../lib/config';
import { useIsMobile } from '../../lib/use-media-query';
import { AuthHeading, AuthText } from './auth-text';

const HIGHLIGHTS = [
  'Issue virtual and physical cards in minutes',
  'Purchase requests approved along each team’s path',
  'Every cent accounted for, in real time',
];

function BrandPanel() {
  return (
    <Flex
      vertical
      justify="space-between"
      style={{
        flex: '1 1 50%',
        padding: 48,
        color: '#fff',
        background: 'linear-gradient(150deg, #1b3a94 0%, #2450c7 55%, #3d6fe8 100%)',
      }}
    >
      <Flex align="center" gap={12} style={{ fontSize: 20, fontWeight: 600 }}>
        <WalletFilled style={{ fontSize: 28 }} aria-hidden />
        {APP_NAME}
      </Flex>
      <div style={{ maxWidth: 440 }}>
        <AuthHeading level={2} style={{ color: '#fff', marginTop: 0 }}>
          Spend management for your whole organisation
        </AuthHeading>
        <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {HIGHLIGHTS.map((text) => (
            <Flex key={text} component="li" gap={10} align="center" style={{ fontSize: 16, opacity: 0.92 }}>
              <CheckCircleFilled aria-hidden />
              {text}
            </Flex>
          ))}
        </Flex>
      </div>
      <AuthText style={{ color: 'rgba(255,255,255,0.7)' }}>© {APP_NAME}</AuthText>
    </Flex>
  );
}

/** Public auth screens: brand panel beside the form on wide screens, the form alone on phones; the organisation's logo on top. */
export function AuthShell({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  return (
    <Flex style={{ minHeight: isMobile ? 'calc(100vh - 56px)' : '100vh' }}>
      {!isMobile && <BrandPanel />}
      <Flex
        flex="1 1 50%"
        align={isMobile ? 'flex-start' : 'center'}
        justify="center"
        style={{ padding: isMobile ? '32px 20px' : 48 }}
      >
        <main style={{ width: '100%', maxWidth: 400 }}>
          <div style={{ marginBottom: 20 }}>
            <OrganizationLogo size={48} alt="Organisation logo" />
          </div>
          {children}
        </main>
      </Flex>
    </Flex>
  );
}
