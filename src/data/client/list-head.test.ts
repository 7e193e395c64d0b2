import { describe, expect, it } from 'vitest';
import { headFromPrefix, ItemsKeyScanner, readTextWithHead } from './list-head.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` to a scanner in chunks of `size` bytes; the offset of the top-level "items" key, or -1. */
function scan(text: string, size: number): number {
  const scanner = new ItemsKeyScanner();
  const all = bytes(text);
  for (let at = 0; at < all.length; at += size) {
    const found = scanner.push(all.subarray(at, at + size));
    if (found >= 0) return found;
  }
  return -1;
}

function streamOf(chunks: string[], onPull?: (index: number) => void): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      onPull?.(index);
      if (index === chunks.length) controller.close();
      else controller.enqueue(bytes(chunks[index++]!));
    },
  });
}

describe('ItemsKeyScanner', () => {
  const list =
    '{"apiVersion":"nodus.dev/v1","kind":"JobList","metadata":{"resourceVersion":"42","continue":"abc","remainingItemCount":7},"items":[{"metadata":{"name":"a"}}]}';

  it('finds the top-level items key however the bytes are chunked', () => {
    const expected = list.indexOf('"items"');
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(scan(list, size)).toBe(expected);
  });

  it("finds a Table's rows after its metadata and column definitions, and reads its head", () => {
    const table =
      '{"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{"resourceVersion":"9","continue":"t"},"columnDefinitions":[{"name":"rows","type":"string"}],"rows":[{"cells":["a"]}]}';
    const expected = table.lastIndexOf('"rows"');
    for (const size of [1, 3, 64]) expect(scan(table, size)).toBe(expected);
    expect(headFromPrefix(bytes(table).subarray(0, expected))).toEqual({ resourceVersion: '9', continue: 't' });
    // Neither a longer key nor a shorter one is taken for it.
    expect(scan('{"rowsy":1,"row":2,"metadata":{},"rows":[]}', 4)).toBe(33);
  });

  it('is not fooled by "items" in a string, a nested key, an escaped quote or a value', () => {
    const tricky = '{"kind":"items","metadata":{"items":1,"note":"a \\"items\\": b"},"x":["items"], "items" : []}';
    expect(scan(tricky, 5)).toBe(tricky.lastIndexOf('"items"'));
  });

  it('finds nothing in a list without a top-level items key, or one that puts it inside a string', () => {
    expect(scan('{"metadata":{"items":[]}}', 3)).toBe(-1);
    expect(scan('{"message":"\\"items\\":[]"}', 4)).toBe(-1);
  });
});

describe('headFromPrefix', () => {
  it('reads the metadata written before the items', () => {
    expect(headFromPrefix(bytes('{"kind":"JobList","metadata":{"continue":"abc","remainingItemCount":7},'))).toEqual({
      continue: 'abc',
      remainingItemCount: 7,
    });
  });

  it('has no head when the prefix holds no metadata or does not parse', () => {
    expect(headFromPrefix(bytes('{"kind":"JobList",'))).toBeUndefined();
    expect(headFromPrefix(bytes('{"kind":"JobList","metadata":{"continue":'))).toBeUndefined();
  });
});

describe('readTextWithHead', () => {
  it('calls onHead before the rest of the body is read, and returns the whole text', async () => {
    const chunks = ['{"metadata":{"contin', 'ue":"t2"},"ite', 'ms":[1,', '2,3]}'];
    const events: string[] = [];
    const text = await readTextWithHead(
      streamOf(chunks, (index) => events.push(`pull ${index}`)),
      (head) => events.push(`head ${head.continue}`),
    );
    expect(text).toBe(chunks.join(''));
    expect(JSON.parse(text)).toEqual({ metadata: { continue: 't2' }, items: [1, 2, 3] });
    // The key ends in the third chunk: the head is known before the fourth is asked for.
    expect(events.indexOf('head t2')).toBeGreaterThan(events.indexOf('pull 2'));
    expect(events.indexOf('head t2')).toBeLessThan(events.indexOf('pull 4'));
  });

  it('decodes characters split across chunks, and calls onHead at most once', async () => {
    const whole = bytes('{"metadata":{"continue":"x"},"items":[{"name":"日本語"}],"more":{"items":[]}}');
    const cut = whole.indexOf(0xe6) + 1;
    let heads = 0;
    const text = await readTextWithHead(
      new ReadableStream({
        start(controller) {
          controller.enqueue(whole.subarray(0, cut));
          controller.enqueue(whole.subarray(cut));
          controller.close();
        },
      }),
      () => heads++,
    );
    expect(JSON.parse(text).items[0].name).toBe('日本語');
    expect(heads).toBe(1);
  });

  it('throws what a broken body threw', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('{"metadata":{},"items":['));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readTextWithHead(broken, () => undefined)).rejects.toThrow('network error');
  });
});
