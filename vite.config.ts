import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions, type Rolldown } from 'vite';

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

/** The page's entry module: everything it imports statically is the first view's JavaScript. */
const ENTRY = fileURLToPath(new URL('./index.html', import.meta.url));
const firstViews = new WeakMap<object, Set<string>>();

/**
 * The modules the entry imports statically, however indirectly. Left to itself the bundler cuts them into a
 * chunk per set of lazy pages sharing them (dozens of small files, each compressed on its own); the browser
 * needs them all before the first view, so they go into one chunk, which also compresses better.
 */
function firstView(ctx: Rolldown.ChunkingContext): Set<string> {
  let seen = firstViews.get(ctx);
  if (seen) return seen;
  seen = new Set<string>();
  const stack = [ENTRY];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  firstViews.set(ctx, seen);
  return seen;
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/x` is src/x, as in tsconfig.json: imports say where a module lives, not how far up it is.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    // Anchored so that `/api` does not also catch, say, `/apiary`, and `/docs` not `/docsite`.
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [`^/${prefix}(?:[/?]|$)`, toMock])),
  },
  preview: { port: 4173, strictPort: true },
  build: {
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: (id, ctx) => (firstView(ctx).has(id) ? 'index' : null) }] } },
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
});
