/**
 * A double-ended ring of fixed capacity: what keeps a followed log's memory flat. Lines pushed at the back evict the
 * oldest; lines put at the front (Load older) evict the newest. Every item has a sequence number that never changes
 * while it is held (the row key), so a view can keep its place when items come and go at either end.
 */
export class RingBuffer<T> {
  private items: (T | undefined)[];
  private start = 0;
  private length = 0;
  /** Sequence number of the item at index 0. */
  private head = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a whole number ≥ 1, not ${capacity}`);
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.length;
  }

  /** Sequence number of the oldest item held (of the next item pushed, when empty). */
  get headSeq(): number {
    return this.head;
  }

  /** Sequence number one past the newest item held. */
  get endSeq(): number {
    return this.head + this.length;
  }

  /** The item at `index` (0 = oldest held), or undefined outside [0, size). */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return this.items[(this.start + index) % this.capacity];
  }

  /** The item with sequence number `seq`, if still held. */
  bySeq(seq: number): T | undefined {
    return this.at(seq - this.head);
  }

  /** Appends; returns how many of the oldest items were evicted to make room. */
  pushBack(values: readonly T[]): number {
    let evicted = 0;
    // Only the last `capacity` values can survive: skip the rest outright.
    const skip = Math.max(0, values.length - this.capacity);
    if (skip > 0) {
      evicted += this.length + skip;
      this.head += this.length + skip;
      this.start = 0;
      this.length = 0;
      this.items.fill(undefined);
    }
    for (let i = skip; i < values.length; i++) {
      if (this.length === this.capacity) {
        this.items[this.start] = undefined;
        this.start = (this.start + 1) % this.capacity;
        this.length--;
        this.head++;
        evicted++;
      }
      this.items[(this.start + this.length) % this.capacity] = values[i];
      this.length++;
    }
    return evicted;
  }

  /** Prepends `values` (in order, oldest first); returns how many of the newest items were evicted. */
  pushFront(values: readonly T[]): number {
    const take = Math.min(values.length, this.capacity);
    let evicted = 0;
    for (let i = values.length - 1; i >= values.length - take; i--) {
      if (this.length === this.capacity) {
        this.items[(this.start + this.length - 1) % this.capacity] = undefined;
        this.length--;
        evicted++;
      }
      this.start = (this.start - 1 + this.capacity) % this.capacity;
      this.items[this.start] = values[i];
      this.length++;
      this.head--;
    }
    return evicted;
  }

  clear(): void {
    this.items.fill(undefined);
    this.head += this.length;
    this.start = 0;
    this.length = 0;
  }

  /** The held items from `from` (index) on, oldest first: for tests and small slices. */
  slice(from = 0, to = this.length): T[] {
    const out: T[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.at(i) as T);
    return out;
  }
}
