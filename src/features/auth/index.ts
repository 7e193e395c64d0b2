export { ContextSwitcher } from './components/context-switcher.tsx';
export { KeyPrompt } from './components/key-prompt.tsx';
