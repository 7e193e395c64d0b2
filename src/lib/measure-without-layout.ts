/**
 * A virtualizer's `measureElement` that never forces a layout. The library's own reads `offsetHeight` when a row
 * mounts: a synchronous layout of the whole page inside React's commit, which in a live list mounting a row each
 * frame was most of the frame. Here a row mounts at the size known for it (measured before, or the estimate), and
 * its ResizeObserver, which the virtualizer starts on every row and which reports once the browser has laid the
 * row out anyway, before that frame is painted, gives the real size.
 */
import type { Virtualizer } from '@tanstack/react-virtual';

export function measureWithoutLayout<S extends Element, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(instance.options.horizontal ? box.inlineSize : box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}
