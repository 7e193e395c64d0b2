/**
 * Runs each scenario --runs times and keeps the median of every figure (all runs' values go into the JSON too).
 * A scenario that cannot run yet says so once (n/a, with its reason); one that throws is reported as failed and
 * the others still run, so one broken scenario never hides the rest of the table.
 */
import { median } from './stats.ts';
import { NotApplicable, type BenchContext, type Scenario, type Target } from './types.ts';

export interface FigureResult {
  id: string;
  label: string;
  unit: string;
  median: number;
  runs: number[];
  target?: Target;
  /** Whether the median meets the target; absent without a target. */
  met?: boolean;
}

export interface ScenarioResult {
  id: string;
  title: string;
  status: 'ran' | 'n/a' | 'failed';
  reason?: string;
  figures: FigureResult[];
  notes: string[];
  seconds: number;
}

export function meets(value: number, target: Target): boolean {
  return target.op === '<=' ? value <= target.value : value >= target.value;
}

export async function runScenario(scenario: Scenario, ctx: BenchContext): Promise<ScenarioResult> {
  const started = performance.now();
  const runs = scenario.once ? 1 : ctx.plan.runs;
  const base = { id: scenario.id, title: scenario.title };
  const seconds = () => (performance.now() - started) / 1000;
  const perRun: Map<string, FigureResult> = new Map();
  let notes: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      ctx.log(`${scenario.id}: run ${run + 1} of ${runs}`);
      const outcome = await scenario.run(ctx, run);
      if (outcome instanceof NotApplicable)
        return { ...base, status: 'n/a', reason: outcome.reason, figures: [], notes: [], seconds: seconds() };
      notes = outcome.notes ?? [];
      for (const figure of outcome.figures) {
        const entry = perRun.get(figure.id) ?? {
          id: figure.id,
          label: figure.label,
          unit: figure.unit,
          median: Number.NaN,
          runs: [],
          ...(figure.target ? { target: figure.target } : {}),
        };
        entry.runs.push(figure.value);
        perRun.set(figure.id, entry);
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log(`${scenario.id}: FAILED: ${reason}`);
    return { ...base, status: 'failed', reason, figures: [], notes: [], seconds: seconds() };
  }
  const figures = [...perRun.values()].map((f) => {
    const value = median(f.runs);
    return { ...f, median: value, ...(f.target ? { met: meets(value, f.target) } : {}) };
  });
  return { ...base, status: 'ran', figures, notes, seconds: seconds() };
}

/**
 * Figures that need two scenarios: the console's time until all Jobs are listed against kubectl's time until it
 * has printed them (the issue: the console no slower than kubectl).
 */
export function comparisons(results: ScenarioResult[]): ScenarioResult[] {
  const find = (scenario: string, figure: string) =>
    results.find((r) => r.id === scenario)?.figures.find((f) => f.id === figure);
  const consoleAll = find('open-table', 'all-listed');
  const kubectlAll = find('kubectl', 'all-printed');
  const throttled = find('kubectl', 'throttled');
  if (!consoleAll || !kubectlAll) return [];
  const target: Target = { op: '<=', value: 1 };
  const ratio = (id: string, label: string, value: number): FigureResult => ({
    id,
    label,
    unit: '×',
    median: value,
    runs: [value],
    target,
    met: meets(value, target),
  });
  const figures = [ratio('ratio', 'console all listed ÷ kubectl all printed', consoleAll.median / kubectlAll.median)];
  if (throttled && throttled.median > 0) {
    figures.push(
      ratio(
        'ratio-unthrottled',
        "the same, kubectl's rate-limit waits taken out",
        consoleAll.median / (kubectlAll.median - throttled.median),
      ),
    );
  }
  return [
    {
      id: 'console-vs-kubectl',
      title: 'peer: the console against kubectl, same Jobs',
      status: 'ran',
      figures,
      notes: [
        'from the medians of open-table (from navigation start) and kubectl (from spawn): both include discovery and connection set-up',
      ],
      seconds: 0,
    },
  ];
}
