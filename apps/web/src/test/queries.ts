import { screen, within } from '@testing-library/react';

/*
 * Cheap stand-ins for getByRole(..., { name }) on antd screens: computing accessible names calls
 * getComputedStyle for many nodes, which jsdom makes slow with antd's many style tags.
 */

/** The button whose text is `text` (exactly, ignoring surrounding whitespace). */
export async function findButton(text: string, container: HTMLElement = document.body): Promise<HTMLButtonElement> {
  const label = await within(container).findByText(text, { selector: 'button, button *' });
  return label.closest('button')!;
}

export function getButton(text: string, container: HTMLElement = document.body): HTMLButtonElement {
  return within(container).getByText(text, { selector: 'button, button *' }).closest('button')!;
}

/** The first-level heading with this text content. */
export function findHeading(text: string) {
  return screen.findByText((_content, element) => element?.tagName === 'H1' && element.textContent === text);
}

/** The open drawer with this title. */
export async function findDrawer(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}
