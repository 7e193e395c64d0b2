export { ObjectEdit } from './components/object-edit.tsx';
export type { ObjectEditProps } from './components/object-edit.tsx';
