/** Where a request body's JSON first goes wrong (src/shared/json-position.ts), bounded by the body's depth limit. */
import { findJsonProblem as find, type JsonProblem } from '@/shared/json-position.ts';
import { MAX_DEPTH } from './body-limits.ts';

export type { JsonProblem };

export function findJsonProblem(text: string): JsonProblem | undefined {
  return find(text, MAX_DEPTH);
}
