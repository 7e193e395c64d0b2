export { ProjectResources } from './components/project-resources.tsx';
export { KindPanel } from './components/kind-panel.tsx';
export { WatchStatus } from './components/watch-status.tsx';
export { kindsQueryOptions, useProjectKinds } from './api/get-kinds.ts';
export type { WatchedListOptions } from './api/use-watched-list.ts';
export { prefetchTable } from './api/prefetch-table.ts';
export type { TableLocation } from './api/prefetch-table.ts';
export { LiveKindCount } from './components/live-kind-count.tsx';
