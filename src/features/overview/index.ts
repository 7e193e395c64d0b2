export { ObjectsAcrossProjects } from './components/objects-across-projects.tsx';
