/**
 * Boolean query parameters, read the way a Kubernetes API server reads them: Go's strconv.ParseBool spellings, and
 * anything else refused with a 400 that names the parameter. The official Python client sends `watch=True`; a
 * parser that took only `true` answered it with a list, and the client listed again and again.
 */
import { ApiFailure } from './errors.ts';

const TRUE: ReadonlySet<string> = new Set(['1', 't', 'T', 'true', 'TRUE', 'True']);
const FALSE: ReadonlySet<string> = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

/**
 * A missing parameter is false. A bare one (`?follow`, `?watch=`) is true: clients built on query-string helpers
 * send flags that way, and no Go spelling means anything else for it.
 */
export function parseBoolParam(name: string, value: string | null): boolean {
  if (value === null) return false;
  if (value === '' || TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new ApiFailure('BadRequest', `${name} must be true or false, not "${value}"`, {
    fix: `Send ${name}=true or ${name}=false (1, t, T, TRUE, True, 0, f, F, FALSE and False also do), or leave it out.`,
  });
}

/** The same, for code that must not throw (the fault filter runs before routing refuses the request). */
export function boolParamOrUndefined(name: string, value: string | null): boolean | undefined {
  try {
    return parseBoolParam(name, value);
  } catch {
    return undefined;
  }
}
