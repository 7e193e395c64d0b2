/**
 * The price book: USD rates per SKU and the version estimates name. Plain data that MockState holds, kept out of
 * billing/ so that the state (below billing) can hold it; this file imports nothing.
 */
export interface PriceBook {
  version: string;
  /**
   * USD per hour per unit, by SKU: `gpu.<type>` per GPU, `cpu.core`, `memory.GiB`, `storage.GiB`; and
   * `function.request`, the one price that is not hourly: USD per invocation of a Function.
   */
  rates: Record<string, string>;
}

export function defaultPriceBook(): PriceBook {
  return {
    version: '2026-11-01',
    rates: {
      'gpu.H100': '3.95',
      'gpu.A100-80GB': '2.10',
      'gpu.L40S': '1.45',
      'gpu.L4': '0.80',
      'gpu.T4': '0.35',
      'cpu.core': '0.048',
      'memory.GiB': '0.006',
      'storage.GiB': '0.0001',
      'function.request': '0.0002',
    },
  };
}
