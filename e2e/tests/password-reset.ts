import type { Page } from 'playwright-core';
import { ADMIN, expectNotification, greeting, loginForm, openLogin, signIn } from '../lib/app.js';
import { api } from '../lib/api.js';
import { assert, expectHidden, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';
import { linkIn, readMail } from '../lib/mailbox.js';

/** Issue 8: forgot and reset password (PRODUCT.md §2 /forgot-password and /reset-password, §5, §8). */

// A person of their own, so the demo sign-ins the other tests use keep demo-password.
const PERSON = {
  firstName: 'Casey',
  lastName: 'Reset',
  email: 'casey.reset@demo.test',
  oldPassword: 'first-pass-11',
  newPassword: 'second-pass-22',
} as const;

const TEXT = {
  forgotLink: 'Forgot your Password?',
  heading: 'Reset My Password',
  linkSent: 'Recovery Link Sent to Your Email',
  changed: 'Password has been changed successfully.',
} as const;

/** An admin adds the person; they register from the invitation with their first password (signed in on `browser`). */
async function personWithPassword(admin: Page, browser: Page): Promise<void> {
  await api(admin, 'POST', '/api/users', {
    first_name: PERSON.firstName,
    last_name: PERSON.lastName,
    email: PERSON.email,
    role: 'wallet-user',
  });
  const invitation = linkIn(await readMail(admin, { to: PERSON.email, subject: /invited/i }), 'Set My Password');
  await browser.goto('/login');
  await api(browser, 'POST', '/api/auth/register', {
    email: PERSON.email,
    token: invitation.searchParams.get('token'),
    password: PERSON.oldPassword,
    password_confirmation: PERSON.oldPassword,
  });
  await browser.goto('/dashboard');
  await expectVisible(greeting(browser, PERSON.firstName));
}

async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

export const tests: E2ETest[] = [
  {
    name: 'password reset: Forgot your Password? mails a link, the new password signs in, other sessions end, the used link says so',
    timeoutMs: 75_000,
    async run({ page, newPage, baseURL }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const elsewhere = await newPage();
      await personWithPassword(page, elsewhere);

      // Signed out, from the login page's link.
      const visitor = await newPage();
      await openLogin(visitor);
      await visitor.getByRole('link', { name: TEXT.forgotLink }).click();
      await expectPath(visitor, '/forgot-password');
      await expectVisible(visitor.getByRole('heading', { name: TEXT.heading }));
      await visitor.getByLabel('Email').fill(PERSON.email);
      await visitor.getByRole('button', { name: 'Send Recovery Link' }).click();
      await expectNotification(visitor, TEXT.linkSent);
      await expectVisible(visitor.getByRole('status').filter({ hasText: PERSON.email }));

      // The mail links to /reset-password?email&token on this server.
      const link = linkIn(await readMail(page, { to: PERSON.email, subject: /reset your password/i }), TEXT.heading);
      assert(
        link.origin === new URL(baseURL).origin,
        `the reset mail links to ${link.origin}, not to the server that sent it (${baseURL})`,
      );
      assert(link.pathname === '/reset-password', `the reset mail links to ${link.pathname}, not /reset-password`);
      assert(
        link.searchParams.get('email') === PERSON.email,
        `the reset link's email is ${link.searchParams.get('email')}`,
      );
      assert(link.searchParams.get('token'), `the reset link has no token: ${link.href}`);

      // A new password, then sign in with it.
      await visitor.goto(`${link.pathname}${link.search}`);
      await chooseNewPassword(visitor, PERSON.newPassword);
      await expectNotification(visitor, TEXT.changed);
      await expectPath(visitor, '/login');
      const form = loginForm(visitor);
      await form.email.fill(PERSON.email);
      await form.password.fill(PERSON.newPassword);
      await form.submit.click();
      await expectPath(visitor, '/dashboard');
      await expectVisible(greeting(visitor, PERSON.firstName));

      // The session opened before the reset has ended.
      await elsewhere.goto('/dashboard');
      await expectPath(elsewhere, '/login');

      // The link works once.
      const again = await newPage();
      await again.goto(`${link.pathname}${link.search}`);
      await chooseNewPassword(again, 'third-pass-33');
      await expectVisible(again.getByRole('alert').filter({ hasText: /already been used/ }));
      await expectHidden(again.getByLabel('New Password'));
      await again.getByRole('link', { name: 'Ask for a new link' }).click();
      await expectPath(again, '/forgot-password');
    },
  },
];
