import {
  ADMIN,
  MEMBER,
  MESSAGES,
  PRIYA,
  DEMO_PASSWORD,
  dialog,
  dollars,
  expectNotification,
  notification,
  signIn,
} from '../lib/app.js';
import { cardsOf, cardsTotal } from '../lib/api.js';
import { chooseOption, statisticValue } from '../lib/antd.js';
import {
  assert,
  expectEventually,
  expectHidden,
  expectNoneVisible,
  expectVisible,
  trackRequests,
  type E2ETest,
} from '../lib/harness.js';

/** Issue 4: cards end to end (PRODUCT.md §2 /cards, /cards/{cardId}, /my-cards, the issuing terms modal). */

const FUNDED_CENTS = 7_500;

export const tests: E2ETest[] = [
  {
    name: 'cards: an admin creates, activates and funds a virtual card for Jordan, who sees it in My Cards and reveals its number',
    timeoutMs: 60_000,
    async run({ page, newPage }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const cardsBefore = (await cardsOf(page, MEMBER.name)).length;
      const totalBefore = await cardsTotal(page);

      // The create-card drawer: nothing to fill in until a user is chosen; Jordan's names are on file already.
      await page.goto('/cards?action=addCard');
      const drawer = dialog(page, 'Add New Card');
      await expectVisible(drawer);
      const firstName = drawer.getByLabel('Legal First Name');
      await expectVisible(firstName);
      assert(await firstName.isDisabled(), 'Legal First Name is enabled before a user is chosen');
      await chooseOption(page, drawer.getByLabel('User'), MEMBER.name, MEMBER.firstName);
      await expectVisible(drawer.getByText(`${MEMBER.name} is already a cardholder`));
      await expectEventually(
        () => firstName.inputValue(),
        MEMBER.firstName,
        'Legal First Name of an existing cardholder',
      );
      assert(await firstName.isDisabled(), "an existing cardholder's legal first name can be changed");
      await expectEventually(
        () => drawer.getByLabel('Address Line 1').isEnabled(),
        true,
        'Address Line 1 enabled once a user is chosen',
      );
      await expectEventually(
        () => drawer.getByRole('radio', { name: 'Virtual' }).isChecked(),
        true,
        'Card Type Virtual chosen by default',
      );
      await drawer.getByRole('button', { name: 'Add Card' }).click();

      // 'Added' names the new card's last four digits.
      const added = notification(page, MESSAGES.cardAdded);
      await expectVisible(added);
      const last4 = /•••• (\d{4})/.exec(await added.innerText())?.[1];
      assert(last4, `the 'Added' notification does not name the card's last four digits: ${await added.innerText()}`);
      await expectHidden(drawer);
      await expectVisible(page.getByRole('heading', { level: 1, name: `Cards(${totalBefore + 1})` }));

      // Its tile (newest first) opens Card Details: inactive until activated.
      await page
        .getByRole('link', { name: new RegExp(`^${MEMBER.name}\\s*Inactive\\s*Virtual card ending in ${last4} `) })
        .click();
      await page.waitForURL(/\/cards\/\d+$/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Card Details' }));
      await expectVisible(page.getByText(`${MEMBER.name} · Virtual card ending in ${last4}`));
      await page.getByRole('button', { name: 'Activate Card' }).click();
      await expectNotification(page, MESSAGES.cardStatusUpdated);
      await expectVisible(page.getByRole('button', { name: 'Deactivate Card' }));

      // Fund Card adds to what the new card has ($0.00), previewing the result.
      await page.getByRole('button', { name: 'Fund Card' }).click();
      const fund = dialog(page, 'Fund Card');
      await expectVisible(fund);
      await fund.getByLabel('Amount to add').fill((FUNDED_CENTS / 100).toFixed(2));
      await expectVisible(fund.getByText(`New available to spend: ${dollars(FUNDED_CENTS)}`));
      await fund.getByLabel('Description').fill('End-to-end card budget');
      await fund.getByRole('button', { name: 'Update Balance' }).click();
      await expectNotification(page, MESSAGES.cardBalanceUpdated);
      await expectHidden(fund);
      await expectEventually(
        () => statisticValue(page, 'Available to Spend'),
        dollars(FUNDED_CENTS),
        'Available to Spend after funding',
      );

      // Jordan, in a browser of their own: My Cards counts the new card and shows it.
      const member = await newPage();
      await signIn(member, MEMBER.email, MEMBER.firstName);
      await member.getByRole('link', { name: 'My Cards', exact: true }).click();
      await expectVisible(member.getByRole('heading', { level: 1, name: `Total Cards(${cardsBefore + 1})` }));
      await member
        .getByRole('link', {
          name: new RegExp(`Active\\s*Virtual card ending in ${last4} · Available\\s*\\${dollars(FUNDED_CENTS)}$`),
        })
        .click();
      await member.waitForURL(/\/cards\/\d+$/);
      await expectVisible(member.getByRole('heading', { level: 1, name: 'Card Details' }));

      // Show Details asks for the password once (423), then shows the full number.
      await member.getByRole('button', { name: 'Show Details' }).click();
      const confirm = dialog(member, 'Confirm your password');
      await expectVisible(confirm);
      await confirm.getByLabel('Password').fill(DEMO_PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expectHidden(confirm);
      const fullNumber = member.getByText(new RegExp(`^\\d{4} \\d{4} \\d{4} ${last4}$`));
      await expectVisible(fullNumber);
      await expectVisible(member.getByRole('button', { name: 'Hide Details' }));
    },
  },
  {
    name: 'issuing terms: Priya (a cardholder who has not accepted) steps through the three parts and accepts',
    async run({ page }) {
      await signIn(page, PRIYA.email, PRIYA.firstName);
      const modal = dialog(page, 'Issuing Terms of Service');
      await expectVisible(modal);
      const part = (title: string) => modal.getByRole('region', { name: title });

      await expectVisible(part('E-Sign Disclosure'));
      await modal.getByRole('button', { name: 'Next' }).click();
      await expectVisible(part('Authorized User Terms'));
      await modal.getByRole('button', { name: 'Previous' }).click();
      await expectVisible(part('E-Sign Disclosure'));
      await modal.getByRole('button', { name: 'Next' }).click();
      await expectVisible(part('Authorized User Terms'));
      await modal.getByRole('button', { name: 'Next' }).click();
      await expectVisible(part('Wallet Pass-through Provisions'));
      await modal.getByRole('button', { name: 'Accept' }).click();

      await expectVisible(notification(page, MESSAGES.termsAccepted));
      await expectHidden(modal);
      // Accepted once: after a reload the server says so, and the app drawn from that answer no longer asks and is
      // usable (a click on the sidebar would hit the modal's mask).
      const meAnswer = page.waitForResponse(
        (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/me',
      );
      const requests = trackRequests(page);
      await page.reload();
      const me = (await (await meAnswer).json()) as {
        data: { issuing_tos_acceptance: { accepted_at: string | null } };
      };
      assert(me.data.issuing_tos_acceptance.accepted_at, 'GET /api/me answers the acceptance time after Accept');
      await expectVisible(page.getByRole('link', { name: 'My Cards', exact: true }));
      // Settled: nothing more in flight (the modal's lazily loaded code would be, were it to open).
      await requests.settled();
      await expectNoneVisible(modal);
      await page.getByRole('link', { name: 'My Cards', exact: true }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Total Cards\(\d+\)$/ }));
      await expectNoneVisible(modal);
    },
  },
];
