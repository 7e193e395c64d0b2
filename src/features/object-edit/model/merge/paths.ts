/**
 * Where a field sits in an object. A segment is a map key, or an item of a list of named items picked by its
 * key field (`env[name=LOG_LEVEL]`), so a path stays true when the list is reordered.
 */

export interface ItemSegment {
  /** The field that names the item, e.g. `name`. */
  key: string;
  /** Its value, e.g. `LOG_LEVEL`. */
  value: string;
}

export type PathSegment = string | ItemSegment;
export type FieldPath = readonly PathSegment[];

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `spec.env[name=LOG_LEVEL].value`, `metadata.labels["nodus.dev/x"]`. */
export function formatPath(path: FieldPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'string') {
      if (PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
      else out += `[${JSON.stringify(segment)}]`;
    } else {
      out += `[${segment.key}=${segment.value}]`;
    }
  }
  return out;
}
