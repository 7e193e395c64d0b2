export { ProjectNav } from './components/project-nav.tsx';
export { projectsQueryOptions, useProjects } from './api/get-projects.ts';
