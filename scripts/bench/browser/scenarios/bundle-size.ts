/**
 * The console: the initial JavaScript of the table route, from the build the benchmark serves (the same
 * computation as the bundle budget test, scripts/budget/). Deterministic, so measured once.
 */
import { chartLibrary, initialJavaScript } from '../../../budget/bundle-budget.ts';
import type { RunOutcome, Scenario } from '../../types.ts';

export const bundleSize: Scenario = {
  id: 'bundle',
  title: 'the console: initial JavaScript of the table route',
  needsConsole: true,
  once: true,
  async run(ctx): Promise<RunOutcome> {
    if (!ctx.console) throw new Error('the bundle scenario ran without a console build');
    const js = initialJavaScript(ctx.console.output);
    const charts = chartLibrary(ctx.console.output);
    if (!js.routeFound)
      throw new Error(
        'the table route is not in the build: update TABLE_ROUTE_MODULE in scripts/budget/bundle-budget.ts',
      );
    return {
      figures: [
        {
          id: 'gzip',
          label: 'initial JavaScript, gzip',
          unit: 'kB',
          value: js.gzipBytes / 1000,
          target: { op: '<=', value: 150 },
        },
        { id: 'raw', label: 'initial JavaScript, uncompressed', unit: 'kB', value: js.bytes / 1000 },
        {
          id: 'monaco',
          label: 'Monaco modules in it',
          unit: 'count',
          value: js.monacoModules.length,
          target: { op: '<=', value: 0 },
        },
        {
          id: 'charts',
          label: 'uPlot and chart modules in it',
          unit: 'count',
          value: js.chartModules.length + js.uplotByContent.length,
          target: { op: '<=', value: 0 },
        },
        ...(charts.uplotGzipBytes === undefined
          ? []
          : [
              {
                id: 'uplot',
                label: 'uPlot alone (lazy, minified), gzip',
                unit: 'kB',
                value: charts.uplotGzipBytes / 1000,
              },
            ]),
      ],
      notes: [
        `${js.files.length} file(s): ${js.files.map((f) => f.fileName).join(', ')}; kB = 1,000 bytes, zlib's default level`,
        `uPlot is in ${charts.chunks.map((c) => `${c.fileName} (${(c.gzipBytes / 1000).toFixed(1)} kB gzip, with the chart views' own code)`).join(', ') || 'no chunk'}`,
      ],
    };
  },
};
