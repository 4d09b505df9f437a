import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { appVersion } from './vite.config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // antd renders slowly in jsdom; leave room when the whole suite runs in parallel.
    testTimeout: 45_000,
  },
});
