/**
 * The "?" sheet: every keyboard shortcut of the console, grouped by where it works, drawn from the list the
 * handlers match keys with (src/lib/shortcuts.ts), so it cannot say one thing while the keys do another.
 */
import { Fragment } from 'react';
import {
  comboLabels,
  isMacPlatform,
  keysOf,
  SHORTCUT_IDS,
  shortcut,
  type ShortcutGroup,
  type ShortcutId,
} from '@/lib/shortcuts.ts';
import { Dialog } from '../ui/dialog.tsx';
import { SHORTCUT_WORDS } from './shortcut-words.ts';

/** The sheet's headings, in order: every group a shortcut names (shortcuts.test.ts fails on one left out). */
export const SHORTCUT_GROUPS = [
  'Anywhere',
  'Lists',
  'Tables of objects',
  'Menus',
  'Command palette',
  'Object page',
  'Logs',
  'Terminal',
  'YAML editor',
] as const satisfies readonly ShortcutGroup[];

/** Where a group's keys work, under its heading. */
const GROUP_NOTES: Partial<Record<ShortcutGroup, string>> = {
  Lists: 'The tables of objects and the projects page',
  Menus: 'A row’s menu and the Export menu, in a table of objects',
  'Object page': 'In the tabs',
  Terminal: 'In a terminal of the dock',
  'YAML editor': 'The editor’s own keys',
};

const BY_GROUP = new Map<ShortcutGroup, ShortcutId[]>(
  SHORTCUT_GROUPS.map((group) => [group, SHORTCUT_IDS.filter((id) => shortcut(id).group === group)]),
);

export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      description="Single keys work when you are not typing in a field."
      wide
    >
      {/* Focusable, so the arrow keys scroll it; it takes the focus when the sheet opens. */}
      <div
        tabIndex={0}
        className="max-h-[min(72vh,46rem)] overflow-y-auto px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500/40"
      >
        <div className="gap-8 md:columns-2 xl:columns-3">
          {SHORTCUT_GROUPS.map((group) => (
            <ShortcutGroupList key={group} group={group} ids={BY_GROUP.get(group) ?? []} />
          ))}
        </div>
      </div>
      <footer className="flex items-center justify-end border-t border-slate-100 bg-slate-50/70 px-5 py-2.5">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Close
        </button>
      </footer>
    </Dialog>
  );
}

function ShortcutGroupList({ group, ids }: { group: ShortcutGroup; ids: readonly ShortcutId[] }) {
  const headingId = `shortcuts-${group.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mb-5 break-inside-avoid">
      <h3 id={headingId} className="text-[11px] font-semibold uppercase tracking-wider text-slate-500">
        {group}
      </h3>
      {GROUP_NOTES[group] ? <p className="text-xs text-slate-500">{GROUP_NOTES[group]}</p> : null}
      <dl className="mt-1 divide-y divide-slate-100">
        {ids.map((id) => (
          <div key={id} className="flex items-start justify-between gap-4 py-1 text-[13px]">
            <dt className="min-w-0 text-slate-700">
              {SHORTCUT_WORDS[id].does}
              {SHORTCUT_WORDS[id].where ? <span className="text-slate-500"> ({SHORTCUT_WORDS[id].where})</span> : null}
            </dt>
            <dd className="flex shrink-0 flex-wrap items-center justify-end gap-1 text-xs text-slate-500">
              <Keys id={id} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Each combination as its keys in <kbd>, "or" between combinations. */
function Keys({ id }: { id: ShortcutId }) {
  const mac = isMacPlatform();
  return keysOf(id, mac).map((combo, i) => (
    <Fragment key={i}>
      {i > 0 ? <span>or</span> : null}
      <kbd className="inline-flex items-center gap-0.5 font-sans">
        {comboLabels(combo, mac).map((label, j) => (
          <kbd
            key={j}
            className="min-w-6 rounded font-sans border border-b-2 border-slate-200 bg-white px-1.5 py-0.5 text-center text-[11px] font-medium text-slate-700"
          >
            {label}
          </kbd>
        ))}
      </kbd>
    </Fragment>
  ));
}
