/** Copies a value with the Clipboard API and says whether it worked, for screen readers too. */
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { CheckIcon, CopyIcon } from './icons.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** `text` is the visible word when idle ("Copy" unless given); `label` names the button for assistive tech. */
export function CopyButton({
  value,
  label,
  text = 'Copy',
  className,
}: {
  value: string;
  label: string;
  text?: string;
  className?: string;
}) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const id = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(id);
  }, [state]);

  async function copy() {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on a non-localhost host).
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        className={clsx(
          'inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          state === 'copied'
            ? 'border-emerald-200 bg-emerald-50 text-emerald-700'
            : 'border-slate-200 bg-white text-slate-600 hover:bg-slate-50 hover:text-slate-900',
          className,
        )}
      >
        {state === 'copied' ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
        <span aria-hidden="true">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Select to copy' : text}</span>
      </button>
      <span role="status" className="sr-only">
        {state === 'copied'
          ? 'Copied to clipboard'
          : state === 'failed'
            ? 'Could not copy; select the text instead'
            : ''}
      </span>
    </>
  );
}
