/**
 * A short message at the bottom of the window that goes by itself ("Copied “train-a”"). Its live region is
 * always in the page, so a screen reader announces each message as it appears.
 */
import { useEffect } from 'react';

export interface Notice {
  /** A new id shows the message again, even when the text is the same. */
  id: number;
  text: string;
}

export function Toast({ notice, onDone, ms = 3000 }: { notice: Notice | undefined; onDone: () => void; ms?: number }) {
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(onDone, ms);
    return () => window.clearTimeout(timer);
  }, [notice, onDone, ms]);

  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      {notice ? (
        <p key={notice.id} className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-medium text-white shadow-lg">
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}
