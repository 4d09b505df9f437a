import { WalletFilled } from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { GivingLink } from '../../features/sso/GivingLink';
import { APP_NAME } from '../../lib/config';
import { useIsMobile } from '../../lib/use-media-query';
import { paths } from '../../paths';

/** Phones get a header with a Sign In link (PRODUCT.md §2's Login link, named as everywhere else) and the sister giving product. */
function PublicMobileHeader() {
  const { token } = theme.useToken();
  return (
    <header
      style={{
        background: '#fff',
        height: 56,
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Link to={paths.login} style={{ color: token.colorText, fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>
        <WalletFilled style={{ color: token.colorPrimary, marginInlineEnd: 8 }} aria-hidden />
        {APP_NAME}
      </Link>
      <Flex component="nav" aria-label="Site" gap={16} style={{ whiteSpace: 'nowrap' }}>
        <Link to={paths.login}>Sign In</Link>
        <GivingLink />
      </Flex>
    </header>
  );
}

/** Frame of the public pages (/login, pass-through, organisation not found); plain elements, light for the first load. */
export function PublicLayout() {
  const isMobile = useIsMobile();
  return (
    <div style={{ minHeight: '100vh', background: '#fff', display: 'flex', flexDirection: 'column' }}>
      {isMobile && <PublicMobileHeader />}
      {/* A lazily loaded page: the spinner fills the space below the header the page will take, so nothing jumps. */}
      <Suspense
        fallback={
          <div style={{ flex: 1, display: 'flex' }}>
            <FullPageSpin inline />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
