/**
 * A change that only moves the meter: a charge posts a new status.costUSD (with the time it was billed to and the
 * rate), every few seconds for whatever runs; in a row, a new Cost cell and nothing else shown. Such a change is not news about the object, so its row is not
 * highlighted (the cost cell shows that it is live instead); anything else that changed alongside still is.
 */
import { isRow, type RowObject, type TableItem } from '@/shared/printer-columns.ts';

const METER_FIELDS = new Set(['costUSD', 'lastChargeTime', 'rateUSDPerHour']);
/** A row's cells that move on their own: the cost with each charge, the age with the clock. */
const MOVING_CELLS = new Set(['Cost', 'Age']);

export function isMeterTick(before: TableItem, after: TableItem): boolean {
  // A spec change bumps the generation; metadata other than it is compared where a person would see it.
  if (before.metadata.generation !== after.metadata.generation) return false;
  if (!sameEntries(before.metadata.labels, after.metadata.labels)) return false;
  if (before.metadata.deletionTimestamp !== after.metadata.deletionTimestamp) return false;
  if (isRow(before) || isRow(after)) return isRow(before) && isRow(after) && onlyCostCell(before, after);
  const was = before.status ?? {};
  const now = after.status ?? {};
  if (was.costUSD === now.costUSD) return false;
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (METER_FIELDS.has(key)) continue;
    const a = was[key];
    const b = now[key];
    // Status values are small; only the structured ones (conditions) need more than one comparison.
    if (a !== b && (typeof a !== 'object' || typeof b !== 'object' || JSON.stringify(a) !== JSON.stringify(b)))
      return false;
  }
  return true;
}

/** Rows: the Cost cell moved, and no other cell a person could see (the Age moves with the clock). */
function onlyCostCell(before: RowObject, after: RowObject): boolean {
  if (before.cells.Cost === after.cells.Cost) return false;
  for (const key in after.cells) if (!MOVING_CELLS.has(key) && after.cells[key] !== before.cells[key]) return false;
  return true;
}

function sameEntries(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  if (a === b) return true;
  const ka = Object.keys(a ?? {});
  if (ka.length !== Object.keys(b ?? {}).length) return false;
  return ka.every((k) => a?.[k] === b?.[k]);
}
