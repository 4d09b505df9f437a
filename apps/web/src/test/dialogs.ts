import { screen, waitFor } from '@testing-library/react';

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

/** Waits until no open drawer or modal is titled `title`. */
export async function waitForDialogToClose(title: string): Promise<void> {
  await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-drawer-title, .ant-modal-title')].filter(
      (element) => element.textContent === title && !element.closest('.ant-drawer-content-wrapper-hidden, [style*="display: none"]'),
    );
    if (open.length > 0) throw new Error(`"${title}" is still open`);
  });
}
