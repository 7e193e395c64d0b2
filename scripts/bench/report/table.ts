/** The table `npm run bench` prints, and the same table in Markdown for docs/PERFORMANCE.md. */
import type { ScenarioResult } from '../runner.ts';
import { formatTarget, formatValue, verdict } from './format.ts';

type Row = [string, string, string, string, string];

function rows(results: ScenarioResult[]): Row[] {
  const out: Row[] = [];
  for (const r of results) {
    if (r.status !== 'ran') {
      out.push([r.id, r.title, r.status === 'n/a' ? `n/a: ${r.reason ?? ''}` : `FAILED: ${r.reason ?? ''}`, '', '']);
      continue;
    }
    r.figures.forEach((f, i) => {
      out.push([
        i === 0 ? r.id : '',
        f.label,
        formatValue(f.median, f.unit),
        formatTarget(f.target, f.unit),
        verdict(f.met),
      ]);
    });
  }
  return out;
}

const HEADER: Row = ['scenario', 'figure', 'median', 'target', ''];

export function printTable(results: ScenarioResult[], log: (line: string) => void): void {
  const all = [HEADER, ...rows(results)];
  const widths = HEADER.map((_, i) =>
    Math.max(...all.map((row) => (i === 2 && row[i]!.startsWith('n/a') ? 0 : row[i]!.length))),
  );
  for (const row of all) {
    log(
      row
        .map((cell, i) => (i === 2 || i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  }
}

export function markdownTable(results: ScenarioResult[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const lines = [`| ${HEADER.join(' | ')} |`, `| ${HEADER.map(() => '---').join(' | ')} |`];
  for (const row of rows(results)) lines.push(`| ${row.map(escape).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
