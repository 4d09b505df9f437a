import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { DEMO_PASSWORD, SAM, dialog, expectNotification, greeting, openLogin, signIn } from '../lib/app.js';
import { assert, expectEqual, expectPath, expectVisible, type E2ETest } from '../lib/harness.js';

/** Texts of packages/contract/src/two-factor.ts the flow waits for. */
const TEXT = {
  heading: 'Two-Factor Authentication',
  turnOn: 'Turn On Two-Factor Authentication',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
} as const;

/** What the phone's authenticator app would show `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A code that is none of the app's codes of the last ten minutes or the next minute. */
async function wrongCode(secret: string): Promise<string> {
  const taken = new Set(await Promise.all(Array.from({ length: 23 }, (_, i) => codeAt(secret, i - 20))));
  let n = 0;
  while (taken.has(String(n).padStart(6, '0'))) n++;
  return String(n).padStart(6, '0');
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expectPath(page, '/login');
}

/** Email and password on /login; with two-factor on, the app asks for the code next. */
async function passwordStep(page: Page) {
  const form = await openLogin(page);
  await form.email.fill(SAM.email);
  await form.password.fill(DEMO_PASSWORD);
  await form.submit.click();
  await expectPath(page, '/login/two-factor');
  await expectVisible(page.getByRole('heading', { name: TEXT.heading }));
}

async function openSecurityTab(page: Page) {
  await page.goto('/account-settings?tab=security');
  await expectVisible(page.getByRole('heading', { name: TEXT.heading }));
}

export const tests: E2ETest[] = [
  {
    name: 'two-factor: Sam turns it on with the QR code, signs in with a code and with a recovery code, and turns it off',
    timeoutMs: 150_000,
    async run({ page }) {
      await signIn(page, SAM.email, SAM.firstName);
      await openSecurityTab(page);
      await page.getByRole('button', { name: TEXT.turnOn }).click();
      // Setting up asks for the password first (423), then the setup goes on by itself.
      const confirm = dialog(page, 'Confirm your password');
      await expectVisible(confirm);
      await confirm.getByLabel('Password').fill(DEMO_PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expectVisible(page.getByRole('img', { name: /QR code/ }));
      const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/[^A-Z2-7]/g, '');
      assert(secret.length >= 26, `the setup key shown is a base32 secret (got "${secret}")`);

      // A wrong code first: the field says so and two-factor stays off.
      const code = page.getByLabel('Authentication Code');
      await code.fill(await wrongCode(secret));
      await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
      await expectVisible(page.getByText(TEXT.codeWrong));
      await code.fill(await codeAt(secret));
      await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
      await expectNotification(page, TEXT.enabled);

      const list = page.getByRole('list', { name: 'Recovery codes' });
      await expectVisible(list);
      const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
      expectEqual(recoveryCodes.length, 8, 'recovery codes shown');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download' }).click();
      expectEqual((await download).suggestedFilename(), 'spend-wallet-recovery-codes.txt', 'downloaded file name');
      await page.getByRole('button', { name: 'I Saved Them' }).click();
      await expectVisible(page.getByText('8 of 8 recovery codes left.'));
      expectEqual(await list.count(), 0, 'recovery code lists after Done (shown once)');

      // Signing in now takes the password and then a code from the app.
      await signOut(page);
      await passwordStep(page);
      await page.goto('/dashboard');
      await expectPath(page, '/login');
      await passwordStep(page);
      const answer = page.getByLabel('Authentication Code');
      await answer.fill(await wrongCode(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectVisible(page.getByText(TEXT.codeWrong));
      // The next period's code: the one used to turn it on can't be used again.
      await answer.fill(await codeAt(secret, 1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/dashboard');
      await expectVisible(greeting(page, SAM.firstName));

      // Or with a recovery code instead of the app.
      await signOut(page);
      await passwordStep(page);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery Code').fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/dashboard');
      await expectVisible(greeting(page, SAM.firstName));

      // Turn it off again (needs the password); sign-in is password only once more.
      await openSecurityTab(page);
      await expectVisible(page.getByText('7 of 8 recovery codes left.'));
      await page.getByRole('button', { name: 'Turn Off', exact: true }).click();
      const modal = dialog(page, 'Turn Off Two-Factor Authentication');
      await modal.getByLabel('Password').fill(DEMO_PASSWORD);
      await modal.getByRole('button', { name: 'Turn Off' }).click();
      await expectNotification(page, TEXT.disabled);
      await expectVisible(page.getByRole('button', { name: TEXT.turnOn }));
      await signOut(page);
      await signIn(page, SAM.email, SAM.firstName);
    },
  },
];
