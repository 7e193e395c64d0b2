/** The money charts' axes: slate text and ticks, amounts shortened where space is short. */
export const CHART_AXIS = {
  stroke: '#64748b',
  font: '11px system-ui, sans-serif',
  ticks: { stroke: '#e2e8f0', width: 1 },
};

/** "$1.2k" on the axis; the legend and the table give every cent. */
export function axisUSD(dollars: number): string {
  if (dollars >= 1000) return `$${(dollars / 1000).toFixed(dollars >= 10_000 ? 0 : 1)}k`;
  if (dollars >= 10 || dollars === 0) return `$${dollars.toFixed(0)}`;
  return `$${dollars.toFixed(2)}`;
}
