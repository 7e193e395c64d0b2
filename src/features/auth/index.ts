export { ContextSwitcher } from './components/context-switcher.tsx';
export { KeyPrompt } from './components/key-prompt.tsx';
export { useSignOut } from './components/use-sign-out.ts';
export { IdentityMenu } from './components/identity-menu.tsx';
