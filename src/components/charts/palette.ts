/**
 * The charts' colours: the console's own (Tailwind's 500s), in an order where neighbours differ. Kinds keep one
 * colour wherever they are drawn; "(none)" is grey, as it is the absence of a value rather than a value.
 */
import { KIND_NAMES } from '@/shared/kinds.ts';

const COLORS = ['#6366f1', '#10b981', '#f59e0b', '#0ea5e9', '#f43f5e', '#8b5cf6', '#14b8a6', '#f97316', '#84cc16'];
export const NONE_COLOR = '#94a3b8';
export const NONE_KEY = '(none)';

export function seriesColor(key: string, index: number): string {
  if (key === NONE_KEY) return NONE_COLOR;
  const kind = (KIND_NAMES as readonly string[]).indexOf(key);
  return COLORS[(kind >= 0 ? kind : index) % COLORS.length]!;
}
