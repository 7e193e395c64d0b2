/**
 * The object page draws its spend charts with uPlot, which must come with the first chart drawn and not with the
 * page: in the real build, the object route's initial JavaScript holds no uPlot, and the burn-up chart is a chunk
 * of its own that pulls it in.
 */
import { expect, test } from 'vitest';
import { initialJavaScript, type ChunkInfo } from './bundle-budget.ts';
import { buildConsole } from './build-console.ts';

const UPLOT = /[\\/]node_modules[\\/]uplot[\\/]/;

test('the object route loads uPlot only with a spend chart', async () => {
  const output = await buildConsole({});
  const chunks = output.filter((o): o is ChunkInfo => o.type === 'chunk');
  const js = initialJavaScript(output, 'src/app/routes/object.tsx');
  expect(js.routeFound).toBe(true);
  const initial = new Set(js.files.map((f) => f.fileName));
  const withUplot = chunks.filter((c) => initial.has(c.fileName) && c.moduleIds.some((id) => UPLOT.test(id)));
  expect(withUplot.map((c) => c.fileName)).toEqual([]);
  const chart = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('src/components/charts/burn-chart.tsx')));
  expect(chart?.isDynamicEntry).toBe(true);
}, 90_000);
