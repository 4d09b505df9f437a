import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloadable, preloadable } from './preloadable';

const Shown = () => <p>the page</p>;

describe('preloadable', () => {
  it('imports once however often it is asked, and knows the module once it has arrived', async () => {
    const importModule = vi.fn(async () => ({ Shown }));
    const code = preloadable(importModule);
    expect(code.loaded()).toBeUndefined();
    await Promise.all([code.load(), code.load()]);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(code.loaded()).toEqual({ Shown });
  });

  it('tries again after a failed import', async () => {
    const importModule = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ Shown });
    const code = preloadable(importModule);
    await expect(code.load()).rejects.toThrow('offline');
    await expect(code.load()).resolves.toEqual({ Shown });
  });
});

describe('lazyPreloadable', () => {
  it('renders a preloaded component in the first render, without its Suspense fallback', async () => {
    const code = preloadable(async () => ({ Shown }));
    await code.load();
    const Page = lazyPreloadable(code, 'Shown');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('loads a component that is not there yet, showing the fallback meanwhile', async () => {
    const code = preloadable(async () => ({ Shown }));
    const Page = lazyPreloadable(code, 'Shown');
    await act(async () => {
      render(
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});
