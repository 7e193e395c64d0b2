/**
 * Row elements reused as a virtualized list scrolls (the resource table, a followed log). A row keeps its slot (its React key) while it stays in view, so its
 * element, its focus and its highlight stay put; a row that comes into view takes the slot of one that left, so
 * React updates that element's text and attributes instead of removing one row of ~30 elements and building
 * another. A fling through 50,000 rows, or a log that scrolls thousands of lines a second, replaces every row on
 * screen each frame: reusing their elements is much of what keeps those frames short.
 */
export class RowSlots {
  private slots = new Map<string, number>();

  /** The slot of each id, in the order given: ids seen last time keep theirs, new ones take freed slots. */
  assign(ids: readonly string[]): number[] {
    const next = new Map<string, number>();
    const out = new Array<number>(ids.length);
    const used = new Set<number>();
    for (let i = 0; i < ids.length; i++) {
      const slot = this.slots.get(ids[i]!);
      if (slot !== undefined && !used.has(slot)) {
        out[i] = slot;
        used.add(slot);
        next.set(ids[i]!, slot);
      }
    }
    const free: number[] = [];
    for (const slot of this.slots.values()) if (!used.has(slot)) free.push(slot);
    free.sort((a, b) => b - a);
    let fresh = this.slots.size;
    for (let i = 0; i < ids.length; i++) {
      if (out[i] !== undefined) continue;
      let slot = free.pop();
      while (slot === undefined && used.has(fresh)) fresh++;
      slot ??= fresh++;
      out[i] = slot;
      used.add(slot);
      next.set(ids[i]!, slot);
    }
    this.slots = next;
    return out;
  }
}
