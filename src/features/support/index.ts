export { SupportButton } from './components/support-button.tsx';
export { SupportPanel } from './components/support-panel.tsx';
export { useSupportPanel } from './model/support-store.ts';
