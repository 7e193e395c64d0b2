import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';

/** Where the dev server forwards API calls: the bundled mock unless NODUS_MOCK_PORT says otherwise. */
const mockTarget = `http://127.0.0.1:${process.env.NODUS_MOCK_PORT ?? 8001}`;

/** The API's top-level paths. The console's own routes (/projects/...) never start with one of these. */
const API_PREFIXES = ['api', 'apis', 'openapi', 'version', 'healthz', 'readyz', 'docs', '_mock'];

const toMock: ProxyOptions = {
  target: mockTarget,
  // The browser's Host and Origin go through as they are: the mock lets the console's origin in (http/cors.ts)
  // and writes its links from its own address, whatever the Host.
  changeOrigin: false,
  // Watches are long chunked responses: no timeout, and websockets pass through too.
  ws: true,
  timeout: 0,
  proxyTimeout: 0,
  configure: (proxy) => {
    proxy.on('proxyRes', (proxyRes, req, res) => {
      // A response the API broke off (a dropped watch, a restarted mock) must break off for the browser too;
      // the proxy would otherwise keep the browser's side open and the console would wait on a dead stream.
      proxyRes.on('close', () => {
        if (proxyRes.complete) return;
        // Close once what was already relayed has gone out (destroy would drop it), without the last chunk: the
        // browser sees a broken body, as it would without the proxy.
        if (res.socket) res.socket.destroySoon();
        else res.destroy();
      });
      // The proxy sends headers only with the first body chunk, so a quiet watch would look unanswered (the
      // console shows "Connecting…") until its first event. It copies them onto `res` right after this event.
      if (/[?&]watch=(?:true|1)(?:&|$)/.test(req.url ?? '')) {
        process.nextTick(() => {
          if (!res.headersSent) res.flushHeaders();
        });
      }
    });
  },
};

/**
 * React Router ships a development and a production build, but its package exports name only the first: a
 * production bundle would carry its development checks and warnings. The build takes the production one.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // `@/x` is src/x, as in tsconfig.json: imports say where a module lives, not how far up it is.
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && mode === 'production'
        ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }]
        : []),
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    // Anchored so that `/api` does not also catch, say, `/apiary`, and `/docs` not `/docsite`.
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`^/${prefix}(?:[/?]|$)`, toMock])),
  },
  preview: { port: 4173, strictPort: true },
  build: {
    // Browsers preload modules themselves (Chromium 66, Firefox 115, Safari 17); an older Safari still loads each one
    // when it is imported, only without the early fetch, which is not worth the polyfill's bytes to everyone else.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry needs before the first view, in one chunk: left to itself the bundler cuts it into
        // a chunk per set of lazy pages sharing it (dozens of small files, each compressed on its own). What is
        // needed is what the entry's imports use: package.json declares the console's modules free of side
        // effects, so a barrel's other re-exports stay with the pages that use them.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  // Several dev servers on one machine (test runs on their own ports) must not re-optimize one shared dep cache
  // under each other: a server pointed at another mock port keeps its own.
  cacheDir: process.env.NODUS_MOCK_PORT ? `node_modules/.vite-${process.env.NODUS_MOCK_PORT}` : 'node_modules/.vite',
  // Monaco and its workers (src/components/code-editor), pre-bundled up front: the editor route then loads a few
  // files instead of hundreds, and the dev server never finds them mid-session (which reloads the page).
  optimizeDeps: {
    include: [
      'monaco-editor/esm/vs/editor/edcore.main.js',
      'monaco-editor/esm/vs/editor/editor.worker.js',
      'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js',
      'monaco-editor/esm/vs/common/workers.js',
      'monaco-yaml',
      'monaco-yaml/yaml.worker.js',
      '@monaco-editor/react',
    ],
  },
}));
