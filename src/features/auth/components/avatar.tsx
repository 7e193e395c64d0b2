/** The signed-in user's initials in a circle, coloured by how sure the console is of who that is. */
import { clsx } from 'clsx';

export type Look = { tone: 'user' | 'warn' | 'wait'; caption: string; value: string; initials: string };

export function Avatar({ tone, initials, large }: { tone: Look['tone']; initials: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        large ? 'size-10 text-sm' : 'size-7 text-[11px]',
        tone === 'user' && 'bg-teal-700 text-white',
        tone === 'warn' && 'bg-amber-100 text-amber-800 ring-1 ring-amber-300 ring-inset',
        tone === 'wait' && 'animate-pulse bg-slate-200',
      )}
    >
      {initials}
    </span>
  );
}
