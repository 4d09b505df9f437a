import { ADMIN, MEMBER, greeting, signIn } from '../lib/app.js';
import { GIVING_PRODUCT, givingProduct } from '../lib/giving.js';
import { assert, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';

/** Issue 8: single sign-on with the companion giving product, both ways (PRODUCT.md §1, §2 user menu and mobile header, §7). */

const GIVING_LABEL = `${GIVING_PRODUCT} Giving`;
const REFUSED = {
  title: 'We could not sign you in',
  used: 'This sign-in link has already been used.',
  expired: 'This sign-in link has expired.',
  invalid: 'This sign-in link is not valid.',
  otherOrganization: 'This sign-in link is for another organisation.',
} as const;

export const tests: E2ETest[] = [
  {
    name: `sso out: the user menu's SSO To ${GIVING_LABEL} signs the member into the giving product`,
    async run({ page }) {
      await signIn(page, MEMBER.email, MEMBER.firstName);
      await page.getByRole('button', { name: new RegExp(`^User menu for ${MEMBER.name}`) }).click();
      await page.getByRole('menuitem', { name: `SSO To ${GIVING_LABEL}` }).click();
      await page.waitForURL((url) => url.origin === givingProduct().url && url.pathname === '/sso/login');
      await expectVisible(page.getByText(`Signed in as ${MEMBER.email} of demo`));
    },
  },
  {
    name: 'sso in: a token from the giving product asks "Continue as ...?" and signs the member in once; a replayed, expired, forged or other organisation\'s one gets a clear page',
    async run({ page, newPage }) {
      const giving = givingProduct();
      const token = await giving.tokenFor(MEMBER.email);
      await page.goto(`/sso/login?token=${encodeURIComponent(token)}`);
      // The link alone signs nobody in: the page asks first (login CSRF).
      await expectPath(page, '/sso/confirm');
      await expectVisible(page.getByText(`Continue as ${MEMBER.name} (${MEMBER.email})?`));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expectPath(page, '/dashboard');
      await expectVisible(greeting(page, MEMBER.firstName));

      const cases: Array<[what: string, token: string, text: string]> = [
        ['replayed', token, REFUSED.used],
        ['expired', await giving.tokenFor(MEMBER.email, 120), REFUSED.expired],
        ['forged', `${(await giving.tokenFor(MEMBER.email)).slice(0, -4)}AAAA`, REFUSED.invalid],
        ["another organisation's", await giving.tokenFor(MEMBER.email, 0, 'another-org'), REFUSED.otherOrganization],
      ];
      for (const [what, refusedToken, text] of cases) {
        const visitor = await newPage();
        await visitor.goto(`/sso/login?token=${encodeURIComponent(refusedToken)}`);
        await expectPath(visitor, '/sso/refused');
        await expectVisible(visitor.getByText(REFUSED.title));
        await expectVisible(visitor.getByText(text));
        const back = visitor.getByRole('link', { name: `Back to ${GIVING_LABEL}` });
        await expectVisible(back);
        assert(
          (await back.getAttribute('href'))?.startsWith(giving.url),
          `the ${what} page's way back goes to ${await back.getAttribute('href')}`,
        );
        await visitor.getByRole('link', { name: 'Go to Sign In' }).click();
        await expectPath(visitor, '/login');
      }
    },
  },
  {
    name: 'sso in: Cancel on the confirmation page signs nobody in and leaves the signed-in session as it was',
    async run({ page }) {
      await signIn(page, MEMBER.email, MEMBER.firstName);
      await page.goto(`/sso/login?token=${encodeURIComponent(await givingProduct().tokenFor(ADMIN.email))}`);
      await expectPath(page, '/sso/confirm');
      await expectVisible(page.getByText(`Continue as ${ADMIN.name} (${ADMIN.email})?`));
      await page.getByRole('button', { name: 'Cancel' }).click();
      // Still the member: /login sends a signed-in visitor on to the dashboard.
      await expectPath(page, '/dashboard');
      await expectVisible(greeting(page, MEMBER.firstName));
    },
  },
  {
    name: "sso, mobile header: a signed-out visitor at 375 px has Sign In and the giving product's link",
    context: { viewport: { width: 375, height: 812 } },
    async run({ page }) {
      await page.goto('/login');
      const header = page.getByRole('navigation', { name: 'Site' });
      await expectVisible(header.getByRole('link', { name: 'Sign In' }));
      const link = header.getByRole('link', { name: GIVING_LABEL });
      await expectVisible(link);
      assert(
        (await link.getAttribute('href'))?.startsWith(givingProduct().url),
        `the header's ${GIVING_LABEL} link goes to ${await link.getAttribute('href')}`,
      );
    },
  },
];
