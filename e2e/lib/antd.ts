import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, expectEventually, expectHidden, expectVisible } from './harness.js';

/**
 * The app's controls are Ant Design's; these find their parts the way a user does (by label and visible text)
 * and work them with the pointer and keyboard.
 */

/** The open (visible) dropdown of a Select. */
function openDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/**
 * Picks `option` in a Select (the field found by its label): clicks it open, or types `search` into a searchable
 * one, then clicks the option whose text starts with `option`, and checks the select shows it (on a busy machine
 * a click can land while the list is still opening; then it is tried again).
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string | RegExp,
  search?: string,
): Promise<void> {
  const pattern = typeof option === 'string' ? new RegExp(`^\\s*${escapeRegExp(option)}`) : option;
  const shown = typeof option === 'string' ? new RegExp(escapeRegExp(option)) : option;
  const select = field.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  for (let attempt = 1; ; attempt++) {
    if (search === undefined) await field.click();
    else {
      // Typing opens a searchable select's list (a click could land on a list that is already open over it).
      await field.focus();
      await field.fill('');
      await field.pressSequentially(search);
    }
    const item = openDropdown(page).locator('.ant-select-item-option').filter({ hasText: pattern }).first();
    await expectVisible(item);
    // A list that closes under the pointer while it animates (seen on a busy machine) is opened again below.
    await item.click({ timeout: 3_000 }).catch(() => undefined);
    try {
      await expectEventually(
        async () => shown.test(await select.innerText()),
        true,
        `the select showing ${String(option)}`,
        2_000,
      );
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * A multiple select keeps its list open after a pick, over what is below it: a click on something neutral (a
 * title) closes it, as a user would.
 */
export async function closeDropdown(page: Page, neutral: Locator): Promise<void> {
  await neutral.click();
  await expectHidden(openDropdown(page).locator('.ant-select-item-option'));
}

/** The card (antd Card) whose header title is `title`. */
export function cardTitled(page: Page, title: string): Locator {
  return page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) });
}

/** The value of a Statistic (antd) titled `title`, e.g. 'Available to Spend' -> '$1,234.56'. */
export async function statisticValue(page: Page, title: string): Promise<string> {
  const statistic = page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title').getByText(title, { exact: true }) });
  await expectVisible(statistic);
  return (await statistic.locator('.ant-statistic-content').innerText()).trim();
}

/** The data rows of a table (antd), without the placeholder row an empty table shows. */
export function tableRows(scope: Locator): Locator {
  return scope.locator('tbody tr.ant-table-row');
}

/** The open Popconfirm that asks `title`. */
export function popconfirm(page: Page, title: string): Locator {
  return page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: title });
}
