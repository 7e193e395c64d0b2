/** Counts with thousands separators ("50,000"), from one formatter: toLocaleString builds one per call. */
const COUNT = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return COUNT.format(value);
}
