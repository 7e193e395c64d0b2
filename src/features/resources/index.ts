export { ProjectResources } from './components/project-resources.tsx';
export { kindsQueryOptions, useProjectKinds } from './api/get-kinds.ts';
export { objectsQueryKey, objectsQueryOptions, useObjects } from './api/list-objects.ts';
