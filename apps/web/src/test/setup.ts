import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { prefilterStyleRules } from './style-rule-prefilter';

// A loaded CI machine can take seconds to import a lazy page or render antd: find* queries wait up to 15 s.
configure({ asyncUtilTimeout: 15_000 });

// antd reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
// Assigned, not vi.stubGlobal: the config unstubs globals after each test.
window.ResizeObserver = ResizeObserverStub;

// getComputedStyle was two thirds of these tests' time: see style-rule-prefilter.ts.
prefilterStyleRules(document);

// jsdom does not implement getComputedStyle for pseudo-elements, which antd measures for scrollbars.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
