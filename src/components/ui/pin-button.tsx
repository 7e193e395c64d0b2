/**
 * Pins or unpins a project or an object (kept per API server in the preferences): a toggle button, its state in
 * aria-pressed, its name saying what it pins.
 */
import { clsx } from 'clsx';
import { isPinned, togglePin, usePins, type Pin } from '@/data/places/index.ts';
import { PinIcon } from './place-icons.tsx';

export function PinButton({ pin, label, compact }: { pin: Pin; label: string; compact?: boolean }) {
  const pinned = isPinned(usePins(), pin);
  return (
    <button
      type="button"
      aria-pressed={pinned}
      aria-label={`Pin ${label}`}
      title={pinned ? `Unpin ${label}` : `Pin ${label}`}
      onClick={() => togglePin(pin)}
      className={clsx(
        'inline-flex items-center gap-1 rounded-md text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
        compact ? 'p-1' : 'border px-2 py-1.5',
        pinned
          ? 'border-indigo-200 bg-indigo-50 text-indigo-700'
          : 'border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-800',
      )}
    >
      <PinIcon filled={pinned} className="size-4" />
      {compact ? null : <span aria-hidden="true">{pinned ? 'Pinned' : 'Pin'}</span>}
    </button>
  );
}
