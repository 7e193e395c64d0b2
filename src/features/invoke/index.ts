export { InvokePanel, type InvokePanelProps } from './components/invoke-panel.tsx';
