/**
 * Changes to a column layout, as the column chooser makes them: kept apart from column-layout.ts, which the
 * table's first view loads, because only the chooser (loaded when opened) needs them.
 */
import { isLabelKey, labelColumnId, visibleIds, type ColumnLayout } from './column-layout.ts';

/** Shows or hides one column. */
export function withShown(layout: ColumnLayout, id: string, shown: boolean): ColumnLayout {
  const hidden = layout.hidden.filter((h) => h !== id);
  return { ...layout, hidden: shown ? hidden : [...hidden, id] };
}

/** Moves a shown column one place among the shown ones (`-1` left, `1` right); hidden ones keep their places after. */
export function withMoved(defaults: readonly string[], layout: ColumnLayout, id: string, by: -1 | 1): ColumnLayout {
  const visible = visibleIds(defaults, layout);
  const at = visible.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= visible.length) return layout;
  [visible[at], visible[to]] = [visible[to]!, visible[at]!];
  return { ...layout, order: visible };
}

/** Adds a label key as a column, shown last; a key already there is shown again. */
export function withLabel(defaults: readonly string[], layout: ColumnLayout, key: string): ColumnLayout {
  if (!isLabelKey(key)) return layout;
  const id = labelColumnId(key);
  const labels = layout.labels.includes(key) ? layout.labels : [...layout.labels, key];
  const shown = withShown({ ...layout, labels }, id, true);
  // With the default order, label columns already come last.
  if (layout.order.length === 0) return shown;
  return { ...shown, order: [...visibleIds(defaults, shown).filter((v) => v !== id), id] };
}

export function withoutLabel(layout: ColumnLayout, key: string): ColumnLayout {
  const id = labelColumnId(key);
  const { [id]: _, ...widths } = layout.widths;
  return {
    order: layout.order.filter((o) => o !== id),
    hidden: layout.hidden.filter((h) => h !== id),
    widths,
    labels: layout.labels.filter((l) => l !== key),
  };
}
