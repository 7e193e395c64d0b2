export { ObjectDetail } from './components/object-detail.tsx';
export type { ObjectDetailProps } from './components/object-detail.tsx';
export type { DetailTab } from './components/detail-tabs.tsx';
