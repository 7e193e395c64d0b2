/**
 * The sidebar's last lines: which API the console talks to, the release it runs, how times read (ages or the
 * date and time, for this tab), the theme and the keyboard shortcuts.
 */
import { clsx } from 'clsx';
import { ClockIcon, KeyboardIcon } from '@/components/ui/icons.tsx';
import { activeContext, apiUrlLabel, useConnectionStore } from '@/data/connection-store.ts';
import { setPreference, usePreference } from '@/data/preferences.ts';
import { ThemeSwitch } from './theme-switch.tsx';
import { ariaKeyShortcuts, comboLabels, keysOf } from '@/lib/shortcuts.ts';

export function SidebarFooter({
  release,
  onShowShortcuts,
}: {
  release: string | undefined;
  onShowShortcuts: () => void;
}) {
  const context = useConnectionStore(activeContext);
  const key = keysOf('shortcuts.show')[0];
  const absolute = usePreference('timeFormat') === 'absolute';
  return (
    <div className="space-y-2.5">
      <dl className="space-y-1 text-xs">
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-400">API</dt>
          <dd className="truncate font-mono text-slate-300" title={apiUrlLabel(context)}>
            {apiUrlLabel(context).replace(/^https?:\/\//, '')}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-2">
          <dt className="text-slate-400">Release</dt>
          <dd className="truncate font-mono text-slate-300">{release ?? '—'}</dd>
        </div>
      </dl>
      <button
        type="button"
        role="switch"
        aria-checked={absolute}
        title="Show the date and time instead of how long ago, in this tab"
        onClick={() => setPreference('timeFormat', absolute ? 'relative' : 'absolute')}
        className="-mx-1.5 flex w-[calc(100%+0.75rem)] items-center gap-2 rounded-md px-1.5 py-1 text-xs text-slate-400 hover:bg-slate-800 hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <ClockIcon className="size-4" />
        <span className="flex-1 text-left">Absolute times</span>
        <span
          aria-hidden="true"
          className={clsx(
            'relative h-3.5 w-6 rounded-full transition-colors',
            absolute ? 'bg-indigo-500' : 'bg-slate-600',
          )}
        >
          <span
            className={clsx(
              'absolute top-0.5 left-0.5 size-2.5 rounded-full bg-white transition-transform',
              absolute && 'translate-x-2.5',
            )}
          />
        </span>
      </button>
      <ThemeSwitch />
      <button
        type="button"
        onClick={onShowShortcuts}
        aria-keyshortcuts={ariaKeyShortcuts('shortcuts.show')}
        className="-mx-1.5 flex w-[calc(100%+0.75rem)] items-center gap-2 rounded-md px-1.5 py-1 text-xs text-slate-400 hover:bg-slate-800 hover:text-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-400"
      >
        <KeyboardIcon className="size-4" />
        <span className="flex-1 text-left">Keyboard shortcuts</span>
        {key ? (
          <kbd
            aria-hidden="true"
            className="rounded border border-slate-700 px-1.5 font-sans text-[11px] text-slate-400"
          >
            {comboLabels(key).join(' ')}
          </kbd>
        ) : null}
      </button>
    </div>
  );
}
