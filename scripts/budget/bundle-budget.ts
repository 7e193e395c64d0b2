/**
 * The bundle budget: the JavaScript a browser must fetch before the table route
 * (/projects/:project/:plural) can show, at most 150 kB gzip, with no Monaco, no uPlot, no chart code and no xterm.js
 * in it.
 * Monaco belongs to editors and uPlot to the views that draw charts, which must load them lazily. Computed from the bundler's own output (chunks, their static imports, the modules in
 * each), so it needs no running server and gives the same answer every time. Used by bundle-budget.test.ts (part
 * of `npm test`) and by the benchmark's bundle figure.
 */
import { gzipSync } from 'node:zlib';
import { minifySync } from 'rolldown/utils';

/** The route module that renders the table; if the route moves, this must follow (the test fails until it does). */
export const TABLE_ROUTE_MODULE = 'src/app/routes/project.tsx';
/** kB as Vite prints them (1,000 bytes), gzip at zlib's default level, as a server would send them. */
export const BUDGET_GZIP_BYTES = 150_000;
const MONACO = /[\\/]node_modules[\\/](?:monaco-editor|@monaco-editor[\\/]|monaco-yaml)/;
const UPLOT = /[\\/]node_modules[\\/]uplot[\\/]/;
/** xterm.js and its addons belong to the terminal, which loads when one opens. */
const XTERM = /[\\/]node_modules[\\/]@xterm[\\/]/;
/** The console's own chart components: they import uPlot, so they must stay out of the first view too. */
const CHART_CODE = /[\\/]src[\\/]components[\\/]charts[\\/]/;
/**
 * uPlot by its content, whatever module it came from (a copy vendored under src/ would have another id): the
 * class names it gives its legend and its cursor layer, strings that survive minification.
 */
const UPLOT_CONTENT = [/["'`]u-legend["'`]/, /["'`]u-over["'`]/];

/** The fields of a Rollup/Rolldown output chunk this needs. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  moduleIds: string[];
  /** Each module's code as rendered into the chunk, before the chunk is minified (Rollup and Rolldown give it). */
  modules?: Record<string, { code: string | null }>;
}

export interface InitialJs {
  files: { fileName: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  /** Monaco's modules found in those files: must be none. */
  monacoModules: string[];
  /** uPlot's modules and the console's chart modules found in those files, and files that hold uPlot's code by
   * its content: must be none. */
  chartModules: string[];
  uplotByContent: string[];
  /** xterm.js's modules found in those files: must be none. */
  terminalModules: string[];
  /** Whether the route module was found in the output at all (a rename must not go unnoticed). */
  routeFound: boolean;
}

function normalise(id: string): string {
  return id.replace(/\\/g, '/');
}

/** The chunks a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(start: ChunkInfo[], byName: Map<string, ChunkInfo>): Set<ChunkInfo> {
  const seen = new Set<ChunkInfo>();
  const stack = [...start];
  for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const next = byName.get(name);
      if (next) stack.push(next);
    }
  }
  return seen;
}

/**
 * The initial JavaScript of a route: the entry's static closure, plus, when the route is split off (a lazy
 * route), the chunk holding the route module with its static closure and every dynamic entry that pulls that
 * chunk in (counted whole: a route loads its dynamic entry before it can render).
 */
export function initialJavaScript(output: readonly { type: string }[], routeModule = TABLE_ROUTE_MODULE): InitialJs {
  const chunks = output.filter((o): o is ChunkInfo => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const initial = staticClosure(
    chunks.filter((c) => c.isEntry),
    byName,
  );
  const routeChunk = chunks.find((c) => c.moduleIds.some((id) => normalise(id).endsWith(`/${routeModule}`)));
  if (routeChunk && !initial.has(routeChunk)) {
    const loaders = chunks.filter(
      (c) => c.isDynamicEntry && (c === routeChunk || staticClosure([c], byName).has(routeChunk)),
    );
    for (const chunk of staticClosure([routeChunk, ...loaders], byName)) initial.add(chunk);
  }
  const files = [...initial].map((c) => ({
    fileName: c.fileName,
    bytes: Buffer.byteLength(c.code),
    gzipBytes: gzipSync(c.code).length,
  }));
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    monacoModules: [...initial].flatMap((c) => c.moduleIds.filter((id) => MONACO.test(normalise(id)))),
    chartModules: [...initial].flatMap((c) =>
      c.moduleIds.filter((id) => UPLOT.test(normalise(id)) || CHART_CODE.test(normalise(id))),
    ),
    uplotByContent: [...initial].filter(holdsUplot).map((c) => c.fileName),
    terminalModules: [...initial].flatMap((c) => c.moduleIds.filter((id) => XTERM.test(normalise(id)))),
    routeFound: routeChunk !== undefined,
  };
}

function holdsUplot(chunk: ChunkInfo): boolean {
  return UPLOT_CONTENT.every((marker) => marker.test(chunk.code));
}

export interface ChartLibrary {
  /** The chunks holding uPlot (by module or by content), each with its gzip size. */
  chunks: { fileName: string; gzipBytes: number; isDynamicEntry: boolean }[];
  /**
   * uPlot's own code, minified alone as the build minifies a chunk, gzip: its share of the chunk it is in (it
   * shares a chunk with the one view that draws charts). Undefined when the bundler gave no module code.
   */
  uplotGzipBytes: number | undefined;
  uplotBytes: number | undefined;
}

/** Where uPlot went in the build, and how much of it there is. */
export function chartLibrary(output: readonly { type: string }[]): ChartLibrary {
  const chunks = output
    .filter((o): o is ChunkInfo => o.type === 'chunk')
    .filter((c) => holdsUplot(c) || c.moduleIds.some((id) => UPLOT.test(normalise(id))));
  const sources = chunks.flatMap((c) =>
    Object.entries(c.modules ?? {})
      .filter(([id, m]) => UPLOT.test(normalise(id)) && m.code)
      .map(([id, m]) => ({ id, code: m.code! })),
  );
  const minified = sources.map((s) => minifySync(s.id, s.code).code).join('\n');
  return {
    chunks: chunks.map((c) => ({
      fileName: c.fileName,
      gzipBytes: gzipSync(c.code).length,
      isDynamicEntry: c.isDynamicEntry,
    })),
    uplotGzipBytes: sources.length ? gzipSync(minified).length : undefined,
    uplotBytes: sources.length ? Buffer.byteLength(minified) : undefined,
  };
}

/** What is wrong with the route's initial JavaScript, in words; empty when it keeps the budget. */
export function budgetViolations(js: InitialJs, routeModule = TABLE_ROUTE_MODULE): string[] {
  const problems: string[] = [];
  if (!js.routeFound)
    problems.push(
      `the route module ${routeModule} is not in the build: update TABLE_ROUTE_MODULE in scripts/budget/bundle-budget.ts`,
    );
  if (js.gzipBytes > BUDGET_GZIP_BYTES) {
    const list = js.files.map((f) => `${f.fileName} ${(f.gzipBytes / 1000).toFixed(1)} kB`).join(', ');
    problems.push(
      `the table route's initial JavaScript is ${(js.gzipBytes / 1000).toFixed(1)} kB gzip, over the budget of ${BUDGET_GZIP_BYTES / 1000} kB (${list}): split what the first view does not need into lazy chunks`,
    );
  }
  if (js.monacoModules.length) {
    problems.push(
      `Monaco is in the table route's initial JavaScript (${js.monacoModules.slice(0, 3).join(', ')}${js.monacoModules.length > 3 ? ', …' : ''}): load editors with a dynamic import()`,
    );
  }
  if (js.terminalModules.length) {
    problems.push(
      `xterm.js is in the table route's initial JavaScript (${js.terminalModules.slice(0, 3).join(', ')}): load the terminal with a dynamic import()`,
    );
  }
  if (js.chartModules.length || js.uplotByContent.length) {
    const found = [...js.chartModules, ...js.uplotByContent.map((f) => `uPlot's code in ${f}`)];
    problems.push(
      `chart code is in the table route's initial JavaScript (${found.slice(0, 3).join(', ')}${found.length > 3 ? ', …' : ''}): import charts only from the lazy views that draw them`,
    );
  }
  return problems;
}
