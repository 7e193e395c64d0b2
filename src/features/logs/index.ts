export { LogViewer } from './components/log-viewer.tsx';
export type { LogViewerProps } from './components/log-viewer.tsx';
