/**
 * The bundle budget, deterministic, part of `npm test`: a real `vite build` of the console, then the
 * table route's initial JavaScript must be at most 150 kB gzip and hold no Monaco, no uPlot and no chart code. The checker itself is tested
 * on made-up bundles, so that a Monaco import reaching the first view, or a lazy route, is known to be caught.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  budgetViolations,
  chartLibrary,
  initialJavaScript,
  TABLE_ROUTE_MODULE,
  type ChunkInfo,
} from './bundle-budget.ts';
import { buildConsole } from './build-console.ts';

const ROUTE = `/repo/${TABLE_ROUTE_MODULE}`;
const MONACO = '/repo/node_modules/monaco-editor/esm/vs/editor/editor.api.js';
const UPLOT = '/repo/node_modules/uplot/dist/uPlot.esm.js';
const CHART = '/repo/src/components/charts/money-chart.tsx';
/** What uPlot's code looks like to the content check: its legend's and cursor layer's class names. */
const UPLOT_CODE = 'function uPlot(){const a="u-legend",b="u-over";}';

function chunk(fileName: string, moduleIds: string[], extra: Partial<ChunkInfo> = {}): ChunkInfo {
  return {
    type: 'chunk',
    fileName,
    code: `/* ${fileName} */ ${'x'.repeat(100)}`,
    isEntry: false,
    isDynamicEntry: false,
    imports: [],
    moduleIds,
    ...extra,
  };
}

describe('the initial JavaScript of the table route', () => {
  test('in the real build: at most 150 kB gzip, no Monaco, and uPlot only in a lazy chunk', async () => {
    const output = await buildConsole({});
    const js = initialJavaScript(output);
    expect(budgetViolations(js)).toEqual([]);
    expect(js.chartModules).toEqual([]);
    // The check is not vacuous: uPlot is in the build, found by module and by content, outside the first view.
    const charts = chartLibrary(output);
    expect(charts.chunks.length).toBeGreaterThan(0);
    const holding = output.filter(
      (o): o is ChunkInfo => o.type === 'chunk' && charts.chunks.some((c) => c.fileName === (o as ChunkInfo).fileName),
    );
    expect(holding.every((c) => /["'`]u-legend["'`]/.test(c.code) && /["'`]u-over["'`]/.test(c.code))).toBe(true);
    const initial = new Set(js.files.map((f) => f.fileName));
    for (const c of charts.chunks) expect(initial.has(c.fileName)).toBe(false);
    expect(charts.chunks.every((c) => c.isDynamicEntry || !initial.has(c.fileName))).toBe(true);
    expect(charts.uplotGzipBytes).toBeGreaterThan(10_000);
    console.info(
      `uPlot: ${(charts.uplotGzipBytes! / 1000).toFixed(1)} kB gzip (${(charts.uplotBytes! / 1000).toFixed(1)} kB minified), in ${charts.chunks.map((c) => `${c.fileName} (${(c.gzipBytes / 1000).toFixed(1)} kB gzip)`).join(', ')}; the table route's first view: ${(js.gzipBytes / 1000).toFixed(1)} kB gzip`,
    );
    expect(js.files.length).toBeGreaterThan(0);
    // The bundler names the modules in each chunk, which is how a Monaco module would be seen.
    const modules = output.flatMap((o) => ('moduleIds' in o ? (o as ChunkInfo).moduleIds : []));
    expect(modules.some((id) => /[\\/]node_modules[\\/]react-dom[\\/]/.test(id))).toBe(true);
  }, 60_000);

  test('counts the entry and its static imports, not what is loaded lazily', () => {
    const js = initialJavaScript([
      chunk('index.js', ['/repo/src/main.tsx', ROUTE], { isEntry: true, imports: ['vendor.js'] }),
      chunk('vendor.js', ['/repo/node_modules/react/index.js']),
      chunk('editor.js', [MONACO], { isDynamicEntry: true }),
      { type: 'asset' },
    ]);
    expect(js.files.map((f) => f.fileName).sort()).toEqual(['index.js', 'vendor.js']);
    expect(js.monacoModules).toEqual([]);
    expect(js.terminalModules).toEqual([]);
    expect(budgetViolations(js)).toEqual([]);
  });

  test('fails when Monaco reaches the initial chunks, however indirectly', () => {
    const js = initialJavaScript([
      chunk('index.js', [ROUTE], { isEntry: true, imports: ['shared.js'] }),
      chunk('shared.js', ['/repo/src/x.ts'], { imports: ['monaco.js'] }),
      chunk('monaco.js', [MONACO, '/repo/node_modules/@monaco-editor/react/dist/index.mjs']),
    ]);
    expect(js.monacoModules).toHaveLength(2);
    expect(budgetViolations(js).join('\n')).toMatch(/Monaco is in the table route's initial JavaScript/);
  });

  test('fails when xterm.js reaches the initial chunks, not when the terminal loads it lazily', () => {
    const XTERM = '/repo/node_modules/@xterm/xterm/lib/xterm.mjs';
    const lazy = initialJavaScript([
      chunk('index.js', [ROUTE], { isEntry: true }),
      chunk('dock.js', ['/repo/src/features/terminal/components/dock-body.tsx', XTERM], { isDynamicEntry: true }),
    ]);
    expect(budgetViolations(lazy)).toEqual([]);
    const imported = initialJavaScript([chunk('index.js', [ROUTE, XTERM], { isEntry: true })]);
    expect(imported.terminalModules).toEqual([XTERM]);
    expect(budgetViolations(imported).join('\n')).toMatch(/xterm\.js is in the table route's initial JavaScript/);
  });

  test('fails when uPlot or the chart components reach the initial chunks, and finds uPlot by its content', () => {
    const lazy = initialJavaScript([
      chunk('index.js', [ROUTE], { isEntry: true }),
      chunk('cost.js', [UPLOT, CHART], { isDynamicEntry: true }),
    ]);
    expect(budgetViolations(lazy)).toEqual([]);
    const imported = initialJavaScript([
      chunk('index.js', [ROUTE], { isEntry: true, imports: ['shared.js'] }),
      chunk('shared.js', ['/repo/src/x.ts'], { imports: ['charts.js'] }),
      chunk('charts.js', [CHART, UPLOT]),
    ]);
    expect(imported.chartModules).toEqual([CHART, UPLOT]);
    expect(budgetViolations(imported).join('\n')).toMatch(/chart code is in the table route's initial JavaScript/);
    // A copy of uPlot under another module id is still uPlot.
    const copied = chunk('index.js', [ROUTE, '/repo/src/vendor/plot.js'], { isEntry: true });
    copied.code = UPLOT_CODE;
    expect(budgetViolations(initialJavaScript([copied])).join('\n')).toMatch(/uPlot's code in index\.js/);
  });

  test("reports uPlot's chunk and its own size, minified and gzip", () => {
    const cost = chunk('cost.js', [UPLOT, CHART], {
      isDynamicEntry: true,
      modules: { [UPLOT]: { code: `${UPLOT_CODE}\n`.repeat(50) }, [CHART]: { code: 'export const x = 1;' } },
    });
    const charts = chartLibrary([chunk('index.js', [ROUTE], { isEntry: true }), cost]);
    expect(charts.chunks.map((c) => c.fileName)).toEqual(['cost.js']);
    expect(charts.uplotBytes).toBeGreaterThan(0);
    expect(charts.uplotGzipBytes).toBeGreaterThan(0);
    expect(charts.uplotGzipBytes).toBeLessThan(charts.uplotBytes!);
    expect(chartLibrary([chunk('index.js', [ROUTE], { isEntry: true })]).chunks).toEqual([]);
  });

  test('a lazy table route counts its own chunk and what it imports', () => {
    const js = initialJavaScript([
      chunk('index.js', ['/repo/src/main.tsx'], { isEntry: true }),
      chunk('project.js', [ROUTE], { isDynamicEntry: true, imports: ['monaco.js'] }),
      chunk('monaco.js', [MONACO]),
      chunk('other-route.js', ['/repo/src/app/routes/other.tsx'], { isDynamicEntry: true }),
    ]);
    expect(js.files.map((f) => f.fileName).sort()).toEqual(['index.js', 'monaco.js', 'project.js']);
    expect(budgetViolations(js)).toHaveLength(1);
  });

  test('fails over 150 kB gzip, and when the route module is not found at all', () => {
    const big = chunk('index.js', [ROUTE], { isEntry: true });
    // Hashes gzip poorly (hex: about half), so 640 kB of them stay well over the budget.
    big.code = Array.from({ length: 10_000 }, (_, i) => createHash('sha256').update(String(i)).digest('hex')).join('');
    expect(budgetViolations(initialJavaScript([big])).join('\n')).toMatch(/over the budget of 150 kB/);
    const moved = initialJavaScript([chunk('index.js', ['/repo/src/main.tsx'], { isEntry: true })]);
    expect(budgetViolations(moved).join('\n')).toMatch(/is not in the build/);
  });
});
