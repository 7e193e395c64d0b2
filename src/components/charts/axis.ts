import type { Theme } from '@/data/theme.ts';

/**
 * The money charts' axes: slate text and ticks, amounts shortened where space is short. uPlot draws on a canvas,
 * so the colours are the theme's own here (the text at WCAG AA on the card), and a chart is built again when the
 * theme changes.
 */
export function chartAxis(theme: Theme) {
  const dark = theme === 'dark';
  return {
    stroke: dark ? '#94a3b8' : '#64748b',
    font: '11px system-ui, sans-serif',
    ticks: { stroke: dark ? '#334155' : '#e2e8f0', width: 1 },
  };
}

/** The horizontal grid lines, faint on the card in either theme. */
export const chartGrid = (theme: Theme) => ({ stroke: theme === 'dark' ? '#1e293b' : '#f1f5f9', width: 1 });

/** "$1.2k" on the axis; the legend and the table give every cent. */
export function axisUSD(dollars: number): string {
  if (dollars >= 1000) return `$${(dollars / 1000).toFixed(dollars >= 10_000 ? 0 : 1)}k`;
  if (dollars >= 10 || dollars === 0) return `$${dollars.toFixed(0)}`;
  return `$${dollars.toFixed(2)}`;
}
