/** Test support for the file trees' tests (imported by *.test.ts only): bytes from text and back, and error codes. */
import { FileError } from './tree.ts';

export const bytes = (s: string) => new TextEncoder().encode(s);
export const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The FileError code a call throws ('other' for any other error), or undefined when it returns. */
export function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof FileError ? error.code : 'other';
  }
  return undefined;
}
