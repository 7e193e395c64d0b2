/**
 * Sign-out of the context in use, wherever it is offered (the context menu, the command palette): it forgets
 * that context's key in this tab, and the console asks for one again. Undefined while there is no key to forget.
 */
import { useMemo } from 'react';
import { activeContext, useConnectionStore } from '@/data/connection-store.ts';

export function useSignOut(): { context: string; run: () => void } | undefined {
  const context = useConnectionStore((state) => activeContext(state).name);
  const hasKey = useConnectionStore((state) => Boolean(state.keys[activeContext(state).name]));
  const signOut = useConnectionStore((state) => state.signOut);
  return useMemo(() => (hasKey ? { context, run: signOut } : undefined), [hasKey, context, signOut]);
}
