import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeMe, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('dashboard greeting', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    installFakeApi(
      signedIn(makeMe({ first_name: 'Ada', organization: { id: 1, slug: 'demo', name: 'Demo Charity' } })),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [9, 'Good Morning, Ada'],
    [14, 'Good Afternoon, Ada'],
    [20, 'Good Evening, Ada'],
  ])('at %i:00 the browser-local greeting is "%s"', async (hour, greeting) => {
    vi.setSystemTime(new Date(2025, 2, 14, hour, 0, 0));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: greeting })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('Demo Charity');
  });

  it('greets on / as well', async () => {
    vi.setSystemTime(new Date(2025, 2, 14, 11, 59, 0));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Good Morning, Ada' })).toBeVisible();
  });
});
