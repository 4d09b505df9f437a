import { screen } from '@testing-library/react';

/** Lazily loaded pages take a moment in jsdom. */
export const LOAD = { timeout: 15_000 };

/**
 * The open drawer or modal titled `title`. (antd's test build gives every generated id the value 'test-id', so
 * aria-labelledby can't name dialogs in jsdom.)
 */
export async function findDialog(title: string, options = LOAD): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' }, options);
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${title}" is not inside a dialog`);
  return dialog;
}
