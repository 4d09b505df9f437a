import { Drawer, Layout, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { IssuingTermsGate } from '../../features/issuing-terms/IssuingTermsGate';
import { useLiveEvents } from '../../lib/live-events';
import { useCurrentUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-media-query';
import { AuthenticatedRoutes } from '../AuthenticatedRoutes';
import { ErrorBoundary } from '../ErrorBoundary';
import { AppHeader } from './AppHeader';
import { SidebarContent } from './SidebarContent';

const SIDER_WIDTH = 248;

/** Signed-in frame: sidebar (a drawer on phones), header with the user menu, and the page. */
export function AppLayout() {
  const me = useCurrentUser();
  // The open app refreshes what changed elsewhere (a purchase, a decision, a funding) within a second.
  useLiveEvents();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const [navigationOpen, setNavigationOpen] = useState(false);
  const closeNavigation = () => setNavigationOpen(false);

  const sidebar = (
    <SidebarContent
      organizationName={me.organization.name}
      roles={me.roles}
      onNavigate={isMobile ? closeNavigation : undefined}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          placement="left"
          size={SIDER_WIDTH + 24}
          open={navigationOpen}
          onClose={closeNavigation}
          closable={false}
          styles={{ body: { padding: 0 } }}
          aria-label="Navigation"
        >
          {sidebar}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: `1px solid ${token.colorSplit}` }}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout>
        <AppHeader me={me} isMobile={isMobile} onOpenNavigation={() => setNavigationOpen(true)} />
        {/* Layout.Content renders the page's <main>. */}
        <Layout.Content style={{ padding: isMobile ? 16 : 32 }}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<FullPageSpin inline />}>
              <AuthenticatedRoutes roles={me.roles} />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
      <IssuingTermsGate />
    </Layout>
  );
}
