import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugins/precompress.js';
import { staticClosure } from './vite-plugins/static-closure.js';

/** The product's version (root package.json), shown on Help & Support. */
export const appVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const webSrc = fileURLToPath(new URL('./src/', import.meta.url));

const API_TARGET = process.env.WALLET_API_URL ?? 'http://127.0.0.1:3000';

/** Always the API. */
const api: ProxyOptions = { target: API_TARGET };

/** The API for POST (and other writes); a GET is the SPA page of the same path. */
const apiExceptGet: ProxyOptions = {
  target: API_TARGET,
  bypass: (req: IncomingMessage) => (req.method === 'GET' || req.method === 'HEAD' ? '/index.html' : undefined),
};

/** The API, except a browser navigation (GET asking for HTML), which the SPA serves. */
const apiExceptPageLoad: ProxyOptions = {
  target: API_TARGET,
  bypass: (req: IncomingMessage) =>
    req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
};

const proxy: Record<string, ProxyOptions> = {
  '/api': api,
  '/sanctum': api,
  '/webhooks': api,
  '/oauth': api,
  '^/users(/|$)': apiExceptPageLoad,
  '^/(login|logout|forgot-password|reset-password)$': apiExceptGet,
  '^/user(/|$)': apiExceptGet,
  '^/sso/login': api,
};

const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** The charts library and what it imports: vendor code that changes rarely. */
const charts = staticClosure('charts', {
  roots: [/node_modules[\\/]recharts[\\/]es6[\\/]index\.js$/],
  within: inNodeModules,
});
/** Our own code the screen after sign-in runs at once: the signed-in frame and both dashboards. */
const signedIn = staticClosure('signed-in', {
  roots: [
    /src[\\/]app[\\/]layout[\\/]AppLayout\.tsx$/,
    /src[\\/]features[\\/]dashboard[\\/]admin[\\/]AdminDashboard\.tsx$/,
    /src[\\/]features[\\/]dashboard[\\/]member[\\/]MemberDashboard\.tsx$/,
    // Rendered on /login before Sign In (the code and styles of the screen after it, warmed up): with the frame.
    /src[\\/]features[\\/]dashboard[\\/]warm-up[\\/]SignInWarmUp\.tsx$/,
  ],
  within: (id) => id.startsWith(webSrc),
});

export default defineConfig({
  plugins: [react(), precompress(), charts.plugin, signedIn.plugin],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // antd is split by what each page uses (one antd chunk was 370 kB gzip on the first load).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // The contract's modules only declare constants and schemas: a page that imports MESSAGES must not pull every
      // schema (and the zod it builds them with) into the first load.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          // Its index names the text area beside the input: /login's inputs must not bring the text area's code (D10).
          { test: /node_modules[\\/]@rc-component[\\/]input[\\/]/, sideEffects: false },
        ],
        manualPureFunctions: ['z'],
      },
      output: {
        // Vendor code changes rarely: separate chunks stay cached across releases of the app.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
              priority: 1,
            },
            // What the entry loads at once ($initial: statically imported along its chain) as one file, not ~35 small
            // chunks that compress worse: /login's first load 222 -> 192 KB brotli, the whole build smaller too (D10).
            { name: 'first-load', tags: ['$initial'] },
            // After sign-in: a few files instead of ~30 small chunks queued on the browser's six connections per host
            // ahead of the dashboard's API calls (D10). Every signed-in screen loads the frame, so they share them.
            { name: 'charts', test: charts.has },
            { name: 'signed-in', test: signedIn.has },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
