import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { ADMIN, MEMBER, greeting, openLogin } from '../lib/app.js';
import { assert, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';
import { linkIn, readMail } from '../lib/mailbox.js';

/**
 * Google sign-in (issue 8 point 2) against the real OpenID provider the harness starts on loopback (e2e/lib/oidc.ts):
 * its login page takes any password, the login is the email.
 */

/** From /login through the Google button; the provider asks who it is only when it doesn't remember the browser. */
async function clickGoogleButton(page: Page): Promise<void> {
  await openLogin(page);
  const google = page.getByRole('link', { name: /Sign in with Google/ });
  await expectVisible(google);
  await google.click();
}

/** From /login, through the Google button and the provider's login page, back to the app. */
async function signInWithGoogle(page: Page, email: string): Promise<void> {
  await clickGoogleButton(page);
  const login = page.locator('input[name="login"]');
  await expectVisible(login, 20_000);
  await login.fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

export const tests: E2ETest[] = [
  {
    name: 'Google sign-in: a known member signs in with Google and lands on the dashboard',
    async run({ page, baseURL }) {
      await signInWithGoogle(page, MEMBER.email);
      await expectPath(page, '/dashboard', 20_000);
      assert(new URL(page.url()).origin === baseURL, `came back to ${page.url()}, not the organisation's host`);
      await expectVisible(greeting(page, MEMBER.firstName));
    },
  },
  {
    name: 'Google sign-in: an unknown email asks for access, an admin approves from the mail, the person is invited; the link again says already approved',
    timeoutMs: 120_000,
    async run({ page, newPage }) {
      const suffix = randomBytes(3).toString('hex');
      const email = `casey.rivera@e2e-${suffix}.test`;
      await signInWithGoogle(page, email);
      await expectPath(page, '/registration-requested', 20_000);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Registration Requested' }));

      // Signing in again while the request waits (the provider remembers the browser): access pending, and back
      // to the login page.
      await clickGoogleButton(page);
      await expectPath(page, '/access-pending', 20_000);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Access Pending Approval' }));
      await page.getByRole('link', { name: 'Back to Sign In' }).click();
      await expectPath(page, '/login');

      // The admin approves from the mail.
      const admin = await newPage();
      await signInWithGoogle(admin, ADMIN.email);
      await expectPath(admin, '/dashboard', 20_000);
      const mail = await readMail(admin, { to: ADMIN.email, subject: /Casey Rivera asks to join/ });
      assert(mail.includes(email), `the admin's mail does not name ${email}:\n${mail}`);
      const approve = linkIn(mail, 'Approve');
      await admin.goto(approve.href);
      await expectPath(admin, '/registration-approval-status');
      const query = new URL(admin.url()).searchParams;
      assert(query.get('status') === 'approve', `status=${query.get('status')}`);
      assert(query.get('responder_email') === ADMIN.email, `responder_email=${query.get('responder_email')}`);
      assert(query.get('responder_name') === ADMIN.name, `responder_name=${query.get('responder_name')}`);
      assert(query.get('responded_on'), 'no responded_on');
      await expectVisible(admin.getByRole('heading', { level: 1, name: 'Registration Approved' }));
      await expectVisible(admin.getByText(`Approved by ${ADMIN.name} (${ADMIN.email}) on`));

      // The person is invited by mail.
      const invitation = await readMail(admin, { to: email, subject: /invited/ });
      assert(/\/register\?/.test(invitation), `the invitation has no registration link:\n${invitation}`);

      // The same link again changes nothing and says who approved.
      await admin.goto(approve.href);
      await expectPath(admin, '/registration-approval-status');
      assert(
        new URL(admin.url()).searchParams.get('status') === 'already_approved',
        `status=${new URL(admin.url()).searchParams.get('status')}`,
      );
      await expectVisible(admin.getByRole('heading', { level: 1, name: 'Already Approved' }));
      await expectVisible(
        admin.getByText(`This registration request was already approved by ${ADMIN.name} (${ADMIN.email}) on`),
      );

      // Approved, the person now signs in with Google.
      const person = await newPage();
      await signInWithGoogle(person, email);
      await expectPath(person, '/dashboard', 20_000);
      await expectVisible(greeting(person, 'Casey'));
    },
  },
];
