/**
 * The console's live lists: list, then watch, shared per target and reference-counted (see README.md).
 * Framework-free; the React binding (WatchRegistryProvider, useListWatch) is use-list-watch.tsx.
 * May import: src/data/client, src/shared (and React, in use-list-watch.tsx only).
 */
export { digestLines, listDigest } from './digest.ts';
export type { Versioned } from './digest.ts';
export { ListWatch } from './list-watch.ts';
export type { ListWatchSnapshot, WatchStatus } from './list-watch.ts';
export { DEFAULT_PAGE_SIZE } from './options.ts';
export type { ListWatchOptions } from './options.ts';
export { ObjectIndex, objectId } from './object-index.ts';
export type { IndexChanges, IndexView } from './object-index.ts';
export { WatchRegistry, createWatchRegistry } from './registry.ts';
export type { SharingClient, WatchRegistryOptions, WatchSharing } from './registry.ts';
export { frameScheduler, manualScheduler, timerScheduler } from './scheduler.ts';
export type { FlushScheduler, ManualScheduler } from './scheduler.ts';
export { selectorParams, watchKey, watchPath } from './target.ts';
export type { ListWatchTarget } from './target.ts';
export { RETRY_BUDGET_MS, TROUBLE_AFTER_MS, watchTrouble } from './trouble.ts';
export type { WatchTrouble, WatchTroubleInput } from './trouble.ts';
