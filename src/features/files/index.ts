/**
 * The files feature's face. The shell draws UploadTray on every page, so what it imports from here lands in the
 * table route's first JavaScript: the browser and the tray's rows load only when a Files tab opens or an upload
 * goes on off screen, and the browser's own wrapper sits in a module of its own, which the shell never reaches.
 */
export { FilesBrowser } from './components/lazy-browser.tsx';
export type { FilesBrowserProps } from './components/files-browser.tsx';
export { UploadTray } from './components/lazy.tsx';
export type { FilesTarget } from './api/target.ts';
