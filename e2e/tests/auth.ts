import {
  ADMIN,
  TEXT,
  expectSidebar,
  greeting,
  loginForm,
  loginResponse,
  openLogin,
  signIn,
  DEMO_PASSWORD,
} from '../lib/app.js';
import { assert, expectNoneVisible, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';

export const tests: E2ETest[] = [
  {
    name: 'admin signs in, sees the admin dashboard and sidebar, and signs out',
    async run({ page }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);

      await expectSidebar(page, [
        ['Dashboard', '/dashboard'],
        ['Request', '/requests'],
        ['Teams', '/teams'],
        ['Cards', '/cards'],
        ['Receipts', '/receipts'],
        ['Reports & Insights', '/reports-and-insights'],
        ['Account Settings', '/account-settings'],
      ]);
      await expectNoneVisible(page.getByRole('link', { name: 'My Cards', exact: true }));

      // Hold the logout call back until 'Logging Out...' has been seen on screen, then let it through.
      let releaseLogout!: () => void;
      const logoutHeld = new Promise<void>((resolve) => (releaseLogout = resolve));
      await page.route('**/logout', async (route) => {
        if (route.request().method() === 'POST') await logoutHeld;
        await route.fallback();
      });
      await page.getByRole('button', { name: new RegExp(ADMIN.name) }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await expectPath(page, '/logout');
      await expectVisible(page.getByText(TEXT.loggingOut, { exact: true }));
      releaseLogout();
      await expectPath(page, '/login');
      await expectVisible(loginForm(page).heading);

      // The session is gone: the dashboard sends us back to /login.
      await page.goto('/dashboard');
      await expectPath(page, '/login');
      await expectVisible(loginForm(page).heading);
      await expectNoneVisible(greeting(page, ADMIN.firstName));
    },
  },
  {
    name: "a wrong password says the credentials don't match, keeps the email and stays on /login",
    async run({ page }) {
      const form = await openLogin(page);
      await form.email.fill(ADMIN.email);
      await form.password.fill(`${DEMO_PASSWORD}-wrong`);
      const answer = loginResponse(page);
      await form.submit.click();
      const response = await answer;
      assert(response.status() === 422, `POST /login with a wrong password answered ${response.status()}`);

      await expectVisible(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }));
      assert((await form.email.inputValue()) === ADMIN.email, 'the email stays after a failed sign-in');
      await expectPath(page, '/login');
      await expectVisible(form.heading);
      await expectVisible(form.submit);
    },
  },
  {
    name: 'signed out, /dashboard redirects to /login',
    async run({ page }) {
      await page.goto('/dashboard');
      await expectPath(page, '/login');
      await expectVisible(loginForm(page).heading);
      await expectNoneVisible(page.getByText(/^Good (Morning|Afternoon|Evening),/));
    },
  },
];
