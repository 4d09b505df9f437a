import { cleanup, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@wallet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { signedOut } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const stylesInHead = () => [...document.head.querySelectorAll('style')].map((style) => style.textContent).join('\n');

describe('the warm-up on /login', () => {
  beforeEach(() => {
    // jsdom has no idle callbacks (and the warm-up runs only where the browser has them): the next task is idle here.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => window.setTimeout(callback, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => window.clearTimeout(handle));
  });
  afterEach(() => {
    // Unmounted first: the app cancels its idle callbacks as it goes.
    cleanup();
    vi.unstubAllGlobals();
  });

  it('prepares the dashboard (the styles of its cards and tabs, among others) while /login is idle, with nothing of it in the page', async () => {
    installFakeApi(signedOut);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: MESSAGES.signInHeading })).toBeVisible();
    await waitFor(() => expect(stylesInHead()).toContain('.ant-tabs'), { timeout: 10_000 });
    expect(stylesInHead()).toContain('.ant-card');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(document.body).not.toHaveTextContent('Warm-up');
  });
});
