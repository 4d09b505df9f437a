/**
 * Tab and Shift+Tab go round the open modal or drawer (WCAG 2.4.3 focus order; 2.1.2 a dialog keeps the keyboard).
 *
 * antd locks focus in a dialog by moving it back when something outside receives it, but its dialogs are the last
 * thing in the document: Tab on the last control leaves the page for the browser's own controls, where nothing
 * outside receives focus and the lock never acts. This keeps that Tab (and Shift+Tab on the first control) inside.
 */

const OPEN_DIALOGS = '.ant-modal-wrap, .ant-drawer-content-wrapper';
const POPUPS = '.ant-popover, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-tooltip';
const TABBABLE =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]';

function isShown(element: HTMLElement): boolean {
  return element.checkVisibility
    ? element.checkVisibility({ visibilityProperty: true })
    : element.getClientRects().length > 0;
}

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !(element as HTMLButtonElement).disabled &&
      !element.closest('[inert], [aria-hidden="true"]') &&
      isShown(element),
  );
}

/** The dialog the keyboard is in: the one holding focus, else the last opened (painted on top). */
function activeDialog(): HTMLElement | undefined {
  const open = [...document.querySelectorAll<HTMLElement>(OPEN_DIALOGS)].filter(isShown);
  return open.find((dialog) => dialog.contains(document.activeElement)) ?? open.at(-1);
}

export function keepTabInOpenDialog(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const dialog = activeDialog();
  if (!dialog) return;
  const list = tabbables(dialog);
  const first = list[0];
  const last = list.at(-1);
  if (!first || !last) return;
  const current = document.activeElement;
  // A popup of a control (a Popconfirm, a menu, a date picker) is portalled out of the dialog: it handles its own keys.
  if (current?.closest(POPUPS)) return;
  const inside = current instanceof HTMLElement && dialog.contains(current);
  const wrap = event.shiftKey ? !inside || current === first || current === dialog : !inside || current === last;
  if (wrap) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** Installs the trap for the whole app; returns its removal. */
export function installDialogFocusTrap(): () => void {
  document.addEventListener('keydown', keepTabInOpenDialog);
  return () => document.removeEventListener('keydown', keepTabInOpenDialog);
}
