export { ObjectSummary } from './components/object-summary.tsx';
