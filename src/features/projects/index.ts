export { ProjectSwitcher } from './components/project-switcher.tsx';
export { ProjectsPage } from './components/lazy.tsx';
export { projectsQueryOptions, useProjects } from './api/get-projects.ts';
