import { describe, expect, it } from 'vitest';
import { drawnIndexes, scrollTopToShow, visibleRange } from './row-window.ts';

const layout = { count: 1000, rowHeight: 30, offset: 34 };

describe('visibleRange', () => {
  it('takes the rows under the header above them into account', () => {
    // 0..34 is the header; rows 0..14 start before 34 + 450.
    expect(visibleRange(layout, 0, 484)).toEqual({ first: 0, last: 14 });
    // A row counts from the first pixel of it in view to the last.
    expect(visibleRange(layout, 0, 485)).toEqual({ first: 0, last: 15 });
  });

  it('follows the scroll position', () => {
    // Row 100 spans 3034..3064.
    expect(visibleRange(layout, 3034, 300)).toEqual({ first: 100, last: 109 });
    expect(visibleRange(layout, 3063, 300)).toEqual({ first: 100, last: 110 });
    expect(visibleRange(layout, 3064, 300)).toEqual({ first: 101, last: 110 });
  });

  it('stays inside the list at its ends and when it is empty or not laid out', () => {
    expect(visibleRange(layout, 40_000, 600)).toEqual({ first: 999, last: 999 });
    expect(visibleRange({ ...layout, count: 3 }, 0, 900)).toEqual({ first: 0, last: 2 });
    expect(visibleRange({ ...layout, count: 0 }, 0, 900)).toEqual({ first: 0, last: -1 });
    expect(visibleRange(layout, 0, 0)).toEqual({ first: 0, last: -1 });
  });
});

describe('drawnIndexes', () => {
  it('adds the overscan either side, within the list', () => {
    expect(drawnIndexes({ first: 1, last: 3 }, 10, 2)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(drawnIndexes({ first: 7, last: 9 }, 10, 2)).toEqual([5, 6, 7, 8, 9]);
  });

  it('keeps a row drawn wherever it is, in order, and never twice', () => {
    expect(drawnIndexes({ first: 10, last: 11 }, 100, 1, 2)).toEqual([2, 9, 10, 11, 12]);
    expect(drawnIndexes({ first: 10, last: 11 }, 100, 1, 50)).toEqual([9, 10, 11, 12, 50]);
    expect(drawnIndexes({ first: 10, last: 11 }, 100, 1, 10)).toEqual([9, 10, 11, 12]);
    expect(drawnIndexes({ first: 0, last: -1 }, 100, 1, 4)).toEqual([4]);
    // A row that has left the list is not kept.
    expect(drawnIndexes({ first: 0, last: 1 }, 2, 0, 5)).toEqual([0, 1]);
  });
});

describe('scrollTopToShow', () => {
  const view = { scrollTop: 3034, viewport: 300, coveredTop: 34 };

  it('leaves a row that is in view where it is', () => {
    // Row 102 spans 3094..3124: below the header's 3034..3068, above the view's end at 3334.
    expect(scrollTopToShow(layout, 102, view)).toBeUndefined();
  });

  it('scrolls a row below the view up to its bottom edge', () => {
    // Row 120 ends at 34 + 121 * 30 = 3664.
    expect(scrollTopToShow(layout, 120, view)).toBe(3664 - 300);
  });

  it('scrolls a row above the view, or under the header, down to just below the header', () => {
    // Row 100 starts at 3034, under the header covering 3034..3068.
    expect(scrollTopToShow(layout, 100, view)).toBe(3034 - 34);
    expect(scrollTopToShow(layout, 0, view)).toBe(0);
  });

  it('never goes past the end of the list', () => {
    const last = scrollTopToShow(layout, 999, { scrollTop: 0, viewport: 300, coveredTop: 34 });
    expect(last).toBe(34 + 1000 * 30 - 300);
  });
});
