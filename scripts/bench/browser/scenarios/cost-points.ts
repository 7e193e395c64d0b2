/**
 * A usage report of 90 days in hourly steps, 5 series: 2,160 buckets each, what a quarter's chart at full
 * resolution holds (--quick draws fewer: `plan.costPointsHours`). The API caps a series at 1,000 points (it asks for a longer step), so the Cost view never
 * fetches one today; the benchmark serves this one in its place to measure the chart at thousands of points.
 */
const HOUR_MS = 3_600_000;
export const POINTS_SERIES = 5;

/** Cents as the API writes money: "12.34". */
function usd(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function pointsReport(hours: number, now = Date.now()): Record<string, unknown> {
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  const start = end - hours * HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
  const teams = ['nlp', 'vision', 'search', 'platform', 'research'].slice(0, POINTS_SERIES);
  let total = 0;
  const series = teams.map((team, s) => {
    let sum = 0;
    const points = Array.from({ length: hours }, (_, h) => {
      // A daily rhythm per team, so the bars are not flat: 0 to a few dollars an hour.
      const cents = ((h % 24) * (s + 3) * 7 + h * 13 + s * 101) % 600;
      sum += cents;
      return { start: iso(start + h * HOUR_MS), costUSD: usd(cents) };
    });
    total += sum;
    return { key: { label: { key: 'team', value: team } }, totalUSD: usd(sum), points };
  });
  return {
    apiVersion: 'usage.nodus.dev/v1',
    kind: 'UsageReport',
    metadata: {},
    spec: {
      window: `${hours / 24}d`,
      start: iso(start),
      end: iso(end),
      step: '1h',
      groupBy: 'label:team',
      maxSeries: 5,
    },
    status: { asOf: iso(now), totalUSD: usd(total), burnRateUSDPerHour: '0.00', series, top: [] },
  };
}

/**
 * uPlot alone, drawing the same stacked bars the way MoneyChart does (bars path, fills, time axis), in
 * a blank page: what the library itself costs, apart from the view around it. Plain JavaScript as text, so that no
 * Node-side transform reaches the page. Resolves to [ms from `new uPlot` to its draw hook, ms to the frame after].
 */
export const uplotAloneScript = (hours: number): string => `new Promise((resolve) => {
  const HOURS = ${hours}, SERIES = ${POINTS_SERIES};
  const end = Math.floor(Date.now() / 3600000) * 3600;
  const xs = Array.from({ length: HOURS }, (_, h) => end - (HOURS - h) * 3600);
  const running = xs.map(() => 0);
  const tops = Array.from({ length: SERIES }, (_, s) =>
    xs.map((_, h) => (running[h] += (((h % 24) * (s + 3) * 7 + h * 13 + s * 101) % 600) / 100)),
  );
  const colors = ['#6366f1', '#10b981', '#f59e0b', '#0ea5e9', '#f43f5e'];
  const bars = uPlot.paths.bars({ size: [0.8, 48], align: 1, gap: 1 });
  const host = document.createElement('div');
  host.style.width = '1100px';
  document.body.appendChild(host);
  let start;
  const opts = {
    width: 1100,
    height: 240,
    cursor: { drag: { x: false, y: false }, points: { show: false }, y: false },
    legend: { live: true },
    hooks: {
      draw: [() => {
        const drawn = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve([drawn - start, performance.now() - start]);
          channel.port2.postMessage(0);
        });
      }],
    },
    scales: { x: { time: true, range: (_u, min, max) => [min, max + 3600] }, y: { range: (_u, _min, max) => [0, max * 1.08] } },
    axes: [{ stroke: '#64748b', grid: { show: false } }, { stroke: '#64748b', size: 56, values: (_u, splits) => splits.map((v) => '$' + v.toFixed(0)) }],
    series: [{}, ...tops.map((_, i) => ({ label: 'team ' + i, stroke: colors[i], fill: colors[i], width: 0, paths: bars, points: { show: false } })).reverse()],
  };
  start = performance.now();
  new uPlot(opts, [xs, ...tops.slice().reverse()], host);
})`;
