import { Alert, Button, Divider, Flex, Form, type InputRef } from 'antd';
// The two inputs on their own: antd's Input index brings Search, TextArea and OTP into /login's first load (D10).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { MESSAGES, type LoginInput } from '@wallet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { lazyZodRule } from '../../lib/form-rules';
import { ensureCsrfCookie } from '../../lib/http';
import { meQueryOptions } from '../../lib/session';
import { prefetchDashboardData, preloadDashboards, skipSignInWarmUp } from '../dashboard';
import { paths } from '../../paths';
import { useLogin } from './api/login';
import { GoogleSignInButton } from './GoogleSignInButton';

const loginFields = () => import('../../lib/first-screen-schemas').then((schemas) => schemas.loginSchema.shape);
const emailRules = [lazyZodRule(() => loginFields().then((fields) => fields.email))];
const passwordRules = [lazyZodRule(() => loginFields().then((fields) => fields.password))];

export function LoginForm() {
  const [form] = Form.useForm<LoginInput>();
  const passwordRef = useRef<InputRef>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  // The sign-in's POST must not wait for the XSRF cookie (one round trip less after Sign In, D10).
  useEffect(ensureCsrfCookie, []);

  const handleFinish = (values: LoginInput) => {
    skipSignInWarmUp();
    setFailure(null);
    loginMutation.mutate(values, {
      onSuccess: ({ two_factor }) => {
        const me = queryClient.getQueryData(meQueryOptions.queryKey);
        if (!two_factor && me) prefetchDashboardData(queryClient, me);
        navigate(two_factor ? paths.loginTwoFactor : paths.dashboard, { replace: true });
      },
      // Issue 18.10 (over PRODUCT.md §8's "nothing shown"): the server's reason, here rather than as a notification; the
      // email stays, the password is cleared and focused for another try.
      onError: (error) => {
        setFailure(error instanceof Error && error.message ? error.message : MESSAGES.badCredentials);
        form.setFieldValue('password', '');
        passwordRef.current?.focus();
      },
    });
    // In a task after this one: the sign-in's POST (issued a few microtasks into mutate) goes out before the code.
    setTimeout(preloadDashboards, 0);
  };

  return (
    <>
      <GoogleSignInButton />
      <Divider plain>or sign in with email</Divider>
      <Form<LoginInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        size="large"
        noValidate
        onFinish={handleFinish}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 20 }} />}
        <Form.Item label="Email" name="email" rules={emailRules} validateFirst>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={passwordRules} style={{ marginBottom: 8 }}>
          <Password ref={passwordRef} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginBottom: 24 }}>
          <Link to={paths.forgotPassword}>{MESSAGES.forgotPasswordLink}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={loginMutation.isPending}>
          Sign In
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 24 }}>
        <Link to={paths.signUp}>{MESSAGES.noAccountLink}</Link>
      </Flex>
    </>
  );
}
