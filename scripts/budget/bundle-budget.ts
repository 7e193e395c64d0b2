/**
 * The bundle budget: the JavaScript a browser must fetch before the table route
 * (/projects/:project/:plural) can show, at most 200 kB gzip, with no Monaco in it. Monaco belongs to editors,
 * which must load it lazily. Computed from the bundler's own output (chunks, their static imports, the modules in
 * each), so it needs no running server and gives the same answer every time. Used by bundle-budget.test.ts (part
 * of `npm test`) and by the benchmark's bundle figure.
 */
import { gzipSync } from 'node:zlib';

/** The route module that renders the table; if the route moves, this must follow (the test fails until it does). */
export const TABLE_ROUTE_MODULE = 'src/app/routes/project.tsx';
/** kB as Vite prints them (1,000 bytes), gzip at zlib's default level, as a server would send them. */
export const BUDGET_GZIP_BYTES = 200_000;
const MONACO = /[\\/]node_modules[\\/](?:monaco-editor|@monaco-editor[\\/]|monaco-yaml)/;

/** The fields of a Rollup/Rolldown output chunk this needs. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  moduleIds: string[];
}

export interface InitialJs {
  files: { fileName: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
  /** Monaco's modules found in those files: must be none. */
  monacoModules: string[];
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
    routeFound: routeChunk !== undefined,
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
  return problems;
}
