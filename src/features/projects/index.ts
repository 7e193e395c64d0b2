export { ProjectSwitcher } from './components/project-switcher.tsx';
export { ProjectsPage } from './components/projects-page.tsx';
export { projectsQueryOptions, useProjects } from './api/get-projects.ts';
