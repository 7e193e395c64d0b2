/**
 * Said beside a control whose request has had no answer for SLOW_MS: a spinner alone, for half a minute, is a
 * console that looks hung. The request goes on; the note says so, and for how long it has waited.
 */
import { clsx } from 'clsx';
import { useState } from 'react';
import { SLOW_MS } from '@/data/call-log/call-log-store.ts';
import { useNow } from '@/lib/use-now.ts';

export function SlowNote({ busy, className }: { busy: boolean; className?: string }) {
  return busy ? <Waiting className={className} /> : null;
}

function Waiting({ className }: { className: string | undefined }) {
  const [since] = useState(() => Date.now());
  const waited = useNow(1000) - since;
  if (waited < SLOW_MS) return null;
  return (
    <p role="status" className={clsx('text-xs text-amber-800', className)}>
      No answer yet after {Math.floor(waited / 1000)} s: the request is sent and still waiting for the API (or for one
      of the browser’s connections to it).
    </p>
  );
}
