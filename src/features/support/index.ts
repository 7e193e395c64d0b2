export { SupportButton } from './components/support-button.tsx';
export { SupportPanel } from './components/lazy.tsx';
export { useSupportPanel } from './model/support-store.ts';
