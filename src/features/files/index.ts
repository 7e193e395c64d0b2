/**
 * The files feature's face. The shell draws UploadTray on every page, so what it imports from here lands in the
 * table route's first JavaScript: the browser and the tray's rows load only when a Files tab opens or an upload
 * goes on off screen.
 */
export { FilesBrowser } from './components/lazy.tsx';
export type { FilesBrowserProps } from './components/files-browser.tsx';
export { UploadTray } from './components/lazy.tsx';
export type { FilesTarget } from './api/target.ts';
