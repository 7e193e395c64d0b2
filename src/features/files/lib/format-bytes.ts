/**
 * Sizes as people read them, in powers of 1,024 (a Volume's size is in GiB, so its files are counted the same
 * way): "0 B", "812 B", "1.5 KiB", "23 MiB", "4.02 GiB". Three significant figures at most, so a column of sizes
 * reads at a glance; the exact count of bytes goes in a title beside it (`exactBytes`).
 */
import { formatCount } from '@/lib/format.ts';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  // 1023.9 KiB would round to "1024 KiB": say 1 MiB instead.
  if (Number(value.toFixed(digitsFor(value))) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = digitsFor(value);
  return `${stripZeros(value.toFixed(digits))} ${UNITS[unit]}`;
}

/** "1,572,864 bytes": the figure behind a rounded size. */
export function exactBytes(bytes: number): string {
  return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

function digitsFor(value: number): number {
  return value < 10 ? 2 : value < 100 ? 1 : 0;
}

function stripZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

export const GIB = 1024 ** 3;
