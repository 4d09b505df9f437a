import type { Locator, Page } from 'playwright-core';
import { expectEqual, expectHidden, expectPath, expectVisible } from './harness.js';

/** The demo organisation seeded by the server (apps/server/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'demo-password';
export const ADMIN = { email: 'admin@demo.test', firstName: 'Alex', name: 'Alex Morgan' } as const;
export const MEMBER = { email: 'member@demo.test', firstName: 'Jordan', name: 'Jordan Lee' } as const;
/** Wallet-admin; first approver of Engineering. */
export const MANAGER = { email: 'manager@demo.test', firstName: 'Maya', name: 'Maya Patel' } as const;
/** Wallet-finance; second approver of Engineering, approver of Marketing. */
export const FINANCE = { email: 'finance@demo.test', firstName: 'Frank', name: 'Frank Osei' } as const;
/** A wallet-user in Engineering. */
export const SAM = { email: 'sam@demo.test', firstName: 'Sam', name: 'Sam Rivera' } as const;
/** A wallet-user with an (inactive) card who has not accepted the issuing terms. */
export const PRIYA = { email: 'priya@demo.test', firstName: 'Priya', name: 'Priya Shah' } as const;

/** PRODUCT.md §2 texts. */
export const TEXT = {
  signInHeading: 'Sign In to Continue',
  loggingOut: 'Logging Out...',
  notFound: "Oops! We couldn't find what you're looking for. Please try again.",
  notFoundCode: 'ERROR CODE 404 NOT FOUND',
} as const;

/** PRODUCT.md §8 success messages (and §2 confirms) the flows wait for. */
export const MESSAGES = {
  userAdded: 'User Added Successfully',
  pathUpdated: 'Update Successful',
  removeMemberConfirm: 'Are you sure you want to remove this member?',
  cardAdded: 'Added',
  cardStatusUpdated: 'Card Status Updated',
  cardBalanceUpdated: 'Card Balance Updated',
  termsAccepted: 'Issuing Terms of Service accepted!',
  requestSubmitted: 'Submitted Successfully',
  approvalSaved: 'Approval Saved Successfully',
} as const;

/** The login form's parts, found the way a user (or a screen reader) finds them. */
export function loginForm(page: Page) {
  return {
    heading: page.getByRole('heading', { name: TEXT.signInHeading }),
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    // The submit button of the email form (the Google button is a link outside the form). Its name may still
    // begin with the spinner's 'loading' label while antd's spinner animates out after an answer.
    submit: page.locator('form').getByRole('button', { name: /^\s*(loading\s+)?(sign|log) ?in\s*$/i }),
  };
}

export async function openLogin(page: Page): Promise<ReturnType<typeof loginForm>> {
  await page.goto('/login');
  const form = loginForm(page);
  await expectVisible(form.heading);
  await expectVisible(form.email);
  return form;
}

/** Waits for the answer to the sign-in POST (PRODUCT.md §7: POST /login). */
export function loginResponse(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/login',
  );
}

/** Signs in through /login and waits for the dashboard greeting. */
export async function signIn(page: Page, email: string, firstName: string): Promise<void> {
  const form = await openLogin(page);
  await form.email.fill(email);
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expectPath(page, '/dashboard');
  await expectVisible(greeting(page, firstName));
}

/** A notification (bottom right, PRODUCT.md §8) whose title is exactly `title`. */
export function notification(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice').filter({ has: page.getByText(title, { exact: true }) });
}

/** Waits for the notification titled `title` and closes it, so the next one is not confused with it. */
export async function expectNotification(page: Page, title: string): Promise<void> {
  const notices = notification(page, title);
  await expectVisible(notices);
  // The same message again reuses the notice (same key): close it now, so a later wait sees the new one.
  await notices.locator('.ant-notification-notice-close').first().click({ timeout: 2_000 });
  await expectHidden(notices);
}

/** The open drawer or modal titled `title`. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Dollars as the app shows them (PRODUCT.md §9: 2 decimals), e.g. 123456 -> '$1,234.56'. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** 'Good {Morning/Afternoon/Evening}, {first name}' (PRODUCT.md §2, dashboard). */
export function greeting(page: Page, firstName: string): Locator {
  return page.getByText(new RegExp(`^Good (Morning|Afternoon|Evening), ${firstName}$`));
}

/** The sidebar: the navigation landmark that holds the Dashboard link. */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Dashboard', exact: true }) });
}

/** Asserts the sidebar lists exactly these entries (label and target), in this order. */
export async function expectSidebar(
  page: Page,
  expected: ReadonlyArray<readonly [label: string, href: string]>,
): Promise<void> {
  const nav = sidebar(page);
  await expectVisible(nav);
  const links = nav.getByRole('link');
  const actual: Array<[string, string]> = [];
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    const label = (await link.innerText()).trim();
    const href = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
    actual.push([label, href]);
  }
  expectEqual(
    actual,
    expected.map(([label, href]) => [label, href]),
    'sidebar entries [label, target]',
  );
}
