import { GoogleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { GOOGLE_SIGN_IN_ERRORS, GOOGLE_SIGN_IN_TEXTS, type GoogleSignInError } from '@wallet/contract';
import { useSearchParams } from 'react-router';
import { serverPaths } from '../../paths';
import { useSignInOptions } from './api/sign-in-options';

const isGoogleError = (value: string | null): value is GoogleSignInError =>
  (GOOGLE_SIGN_IN_ERRORS as readonly (string | null)[]).includes(value);

/**
 * The login page's Google button: a full navigation to the server's redirect (OpenID Connect). When the server
 * says Google isn't configured the button is disabled and says so; a sign-in that came back to /login?google=...
 * explains what went wrong.
 */
export function GoogleSignInButton() {
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  const returned = searchParams.get('google');
  // Until the server answers (or if it can't) the button stays usable: the server redirect explains itself.
  const notConfigured = options.data?.google.configured === false;
  return (
    <Flex vertical gap={12}>
      {isGoogleError(returned) && !notConfigured && (
        <Alert type="warning" showIcon message={GOOGLE_SIGN_IN_TEXTS.errors[returned]} />
      )}
      {notConfigured ? (
        <>
          <Button block size="large" icon={<GoogleOutlined />} disabled aria-describedby="google-sign-in-detail">
            {GOOGLE_SIGN_IN_TEXTS.notConfiguredButton}
          </Button>
          <span id="google-sign-in-detail" style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, textAlign: 'center' }}>
            {GOOGLE_SIGN_IN_TEXTS.notConfiguredDetail}
          </span>
        </>
      ) : (
        <Button block size="large" icon={<GoogleOutlined />} href={serverPaths.googleSignIn}>
          {GOOGLE_SIGN_IN_TEXTS.button}
        </Button>
      )}
    </Flex>
  );
}
