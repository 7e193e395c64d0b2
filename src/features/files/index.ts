export { FilesBrowser } from './components/files-browser.tsx';
export type { FilesBrowserProps } from './components/files-browser.tsx';
export { UploadTray } from './components/upload-tray.tsx';
export type { FilesTarget } from './api/target.ts';
