/**
 * A phase as a coloured badge. The same word has the same colour on every kind; every Phase the spec names has
 * a tone (a new one is a type error here), and a phase only a newer API sends is shown in neutral grey.
 */
import { clsx } from 'clsx';
import type { Phase } from '@/shared/protocol.ts';

type Tone = 'green' | 'blue' | 'amber' | 'red' | 'orange' | 'slate';

const PHASE_TONES: Record<Phase, Tone> = {
  Succeeded: 'green',
  Active: 'green',
  Available: 'green',
  Running: 'blue',
  Queued: 'amber',
  Provisioning: 'amber',
  Pending: 'amber',
  Starting: 'amber',
  Failed: 'red',
  Exceeded: 'red',
  Cancelling: 'orange',
  Terminating: 'orange',
  Cancelled: 'slate',
  Stopped: 'slate',
  Suspended: 'slate',
  Deprecated: 'slate',
};

const TONE_CLASSES: Record<Tone, { badge: string; dot: string }> = {
  green: { badge: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20', dot: 'bg-emerald-500' },
  blue: { badge: 'bg-sky-50 text-sky-700 ring-sky-600/20', dot: 'bg-sky-500' },
  amber: { badge: 'bg-amber-50 text-amber-800 ring-amber-600/25', dot: 'bg-amber-500' },
  red: { badge: 'bg-rose-50 text-rose-700 ring-rose-600/20', dot: 'bg-rose-500' },
  orange: { badge: 'bg-orange-50 text-orange-700 ring-orange-600/20', dot: 'bg-orange-500' },
  slate: { badge: 'bg-slate-100 text-slate-600 ring-slate-500/20', dot: 'bg-slate-400' },
};

/** Phases that are still moving get a pulsing dot. */
const MOVING: ReadonlySet<string> = new Set<Phase>([
  'Running',
  'Queued',
  'Provisioning',
  'Pending',
  'Starting',
  'Cancelling',
  'Terminating',
]);

/**
 * `still`: no pulse, for dense lists. Each pulsing dot is an animation of its own layer: a table that scrolls
 * thousands of rows a second would create and drop dozens of them every frame.
 */
export function PhaseBadge({ phase, still = false }: { phase: string | undefined; still?: boolean }) {
  if (!phase) return <span className="text-sm text-slate-400">—</span>;
  const tone = TONE_CLASSES[(PHASE_TONES as Record<string, Tone | undefined>)[phase] ?? 'slate'];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone.badge,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('size-1.5 rounded-full', tone.dot, !still && MOVING.has(phase) && 'animate-pulse')}
      />
      {phase}
    </span>
  );
}
