/**
 * `vite build` of the console through Vite's API, with the repository's vite.config.ts, returning the bundler's
 * output (chunks with their imports and modules), which the bundle budget reads. The benchmark writes it to a
 * temp directory to serve it; the budget test does not write at all.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `minify: false` only to read a profile of the benchmark with the functions' own names. */
export async function buildConsole(options: {
  outDir?: string;
  minify?: boolean;
}): Promise<readonly { type: string }[]> {
  // Vite keeps a NODE_ENV it finds set, and Vitest sets it to "test": React's development build would be bundled.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = await build({
      root: ROOT,
      configFile: `${ROOT}vite.config.ts`,
      mode: 'production',
      logLevel: 'error',
      build: options.outDir
        ? { outDir: options.outDir, emptyOutDir: true, ...(options.minify === false ? { minify: false } : {}) }
        : { write: false },
    });
    const outputs = Array.isArray(result) ? result : [result];
    return outputs.flatMap((o) => ('output' in o ? o.output : []));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
