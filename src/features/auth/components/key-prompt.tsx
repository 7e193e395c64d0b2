/**
 * Asks for a key when the API answered 401 to a call made with the key now in use, or right after the person
 * signed out of the context in use. Shown once per key (or context): "Not now" leaves the page's own error
 * panels to say what failed.
 */
import { useState } from 'react';
import { useCallLog } from '@/data/call-log/call-log-store.ts';
import { activeContext, useConnectionStore } from '@/data/connection-store.ts';
import { lazyPart } from '@/lib/lazy-part.tsx';
import type { KeyDialogProps } from './key-dialog.tsx';

// The dialog's code comes when it is first needed (or in idle time after the first rows).
const { Component: KeyDialog } = lazyPart<KeyDialogProps>(() => import('./key-dialog.tsx').then((m) => m.KeyDialog), {
  label: 'the API key dialog',
  overlay: true,
  neededWhen: (props) => props.open,
});

export function KeyPrompt() {
  const connection = useConnectionStore();
  const refused = useCallLog((s) => s.calls.find((c) => c.status === 401 && c.startedAt >= connection.changedAt));
  const [dismissed, setDismissed] = useState(-1);
  const context = activeContext(connection);
  const hadKey = Boolean(connection.keys[context.name]);
  const signedOut = !hadKey && connection.signedOut.includes(context.name);
  const open = (refused !== undefined || signedOut) && dismissed !== connection.generation;

  return (
    <KeyDialog
      open={open}
      signedOut={signedOut}
      hadKey={hadKey}
      requestId={refused?.requestId}
      onDismiss={() => setDismissed(connection.generation)}
    />
  );
}
