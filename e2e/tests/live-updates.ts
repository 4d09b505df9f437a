import { ADMIN, MEMBER, dollars, signIn } from '../lib/app.js';
import { newFundedCardOfJordan, simulatePurchase } from '../lib/api.js';
import { cardTitled, statisticValue, tableRows } from '../lib/antd.js';
import { assert, expectEventually, expectVisible, type E2ETest } from '../lib/harness.js';

/**
 * Issue 20 point 8: the open app updates within a second when something happens, whichever server process it
 * happened on (server-sent events fed by PostgreSQL LISTEN/NOTIFY). Two server processes on one database: the
 * cardholder's browser is connected to the second, the purchase is made through the first.
 */

const FUNDED_CENTS = 15_000;
const PURCHASE_CENTS = 1_234;
const MERCHANT = 'Live Update Books E2E';
/** The purchase must show this soon, without a reload: a second for the event, the rest for the refetch and drawing. */
const LIVE_WITHIN_MS = 3_000;

export const tests: E2ETest[] = [
  {
    name: "live: a purchase made through one server process appears on the cardholder's open card page served by another, without a reload",
    timeoutMs: 120_000,
    async run({ page, pageOnAnotherProcess }) {
      await signIn(page, ADMIN.email, ADMIN.firstName);
      const card = await newFundedCardOfJordan(page, FUNDED_CENTS);

      const holder = await pageOnAnotherProcess();
      await signIn(holder, MEMBER.email, MEMBER.firstName);
      await holder.goto(`/cards/${card.id}`);
      await expectVisible(holder.getByRole('heading', { level: 1, name: 'Card Details' }));
      const pending = cardTitled(holder, 'Pending Transactions');
      await expectVisible(pending.getByText('No pending transactions'));
      await expectEventually(
        () => statisticValue(holder, 'Available to Spend'),
        dollars(FUNDED_CENTS),
        'Available to Spend before the purchase',
      );
      const navigations: string[] = [];
      holder.on('framenavigated', (frame) => {
        if (frame === holder.mainFrame()) navigations.push(frame.url());
      });

      const purchase = await simulatePurchase(page, {
        cardId: card.id,
        amount: PURCHASE_CENTS,
        merchant: MERCHANT,
        capture: 'later',
      });
      assert(purchase.approved, `the simulated purchase was declined: ${purchase.decline_reason}`);
      const started = Date.now();
      await expectVisible(tableRows(pending).filter({ hasText: MERCHANT }), LIVE_WITHIN_MS);
      const shownAfterMs = Date.now() - started;
      await expectEventually(
        () => statisticValue(holder, 'Available to Spend'),
        dollars(FUNDED_CENTS - PURCHASE_CENTS),
        'Available to Spend with the hold, live',
        LIVE_WITHIN_MS,
      );
      assert(navigations.length === 0, `the holder's page navigated (${navigations.join(', ')}): not live`);
      console.log(`    live: the purchase showed on the other process's page ${shownAfterMs} ms after it was made`);
    },
  },
];
