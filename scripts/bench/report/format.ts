/** How a figure reads in the terminal and in docs/PERFORMANCE.md: units that need no decimals get none. */
import type { Target } from '../types.ts';

export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  const digits =
    unit === '×'
      ? 2
      : unit === 'events/s' || unit === '/s' || unit === 'events' || unit === 'rows' || unit === 'count'
        ? 0
        : Math.abs(value) >= 100
          ? 0
          : 1;
  const text = value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === '×' ? `${text}×` : unit === 'count' ? text : `${text} ${unit}`;
}

export function formatTarget(target: Target | undefined, unit: string): string {
  if (!target) return '';
  return `${target.op === '<=' ? '≤' : '≥'} ${formatValue(target.value, unit)}`;
}

export function verdict(met: boolean | undefined): string {
  return met === undefined ? '' : met ? 'met' : 'MISSED';
}
