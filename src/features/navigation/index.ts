export { KindNav } from './components/kind-nav.tsx';
export { KindIcon } from './kind-icons.tsx';
