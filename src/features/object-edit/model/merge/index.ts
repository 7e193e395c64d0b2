/** Three-way merge of parsed API objects; see README.md. May import: libraries only. */
export { threeWayMerge } from './three-way.ts';
export type { ConflictKind, MergeConflict, MergeResult, MergedChange, Resolutions } from './three-way.ts';
export { formatPath } from './paths.ts';
export type { FieldPath, ItemSegment, PathSegment } from './paths.ts';
export { isServerOwned, withoutServerFields } from './server-fields.ts';
export { deepEqual, isPlainObject } from './values.ts';
