/** The palette's results: consecutive entries of one group under its heading, the active one highlighted. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LockIcon } from '@/components/ui/icons.tsx';

export interface Entry {
  id: string;
  group: 'Pinned' | 'Views' | 'Kinds' | 'Projects' | 'Objects' | 'Actions';
  label: string;
  detail: string;
  keywords?: string[];
  icon: ReactNode;
  /** Where it goes, or what it runs. */
  href?: string;
  run?: () => void;
  /** Why it is off: shown under it and read as its description; choosing it says this instead of acting. */
  disabled?: string;
  /** Off only while the API is asked. */
  pending?: boolean;
}

export function PaletteResults({
  listId,
  entries,
  current,
  onHover,
  onChoose,
  empty,
}: {
  listId: string;
  entries: readonly Entry[];
  current: number;
  onHover: (index: number) => void;
  onChoose: (entry: Entry) => void;
  empty: ReactNode;
}) {
  return (
    <div id={listId} role="listbox" aria-label="Results" className="max-h-[min(60vh,28rem)] overflow-y-auto p-2">
      {groupsOf(entries).map(({ group, start }) => {
        const name = group[0]?.group;
        return (
          <div key={name} role="group" aria-labelledby={`${listId}-${name}`}>
            <p
              id={`${listId}-${name}`}
              className="px-3 pt-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-slate-500"
            >
              {name}
            </p>
            {group.map((entry, j) => {
              const i = start + j;
              return (
                <div
                  key={entry.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === current}
                  aria-disabled={entry.disabled ? true : undefined}
                  aria-describedby={entry.disabled ? `${listId}-${i}-why` : undefined}
                  onMouseMove={() => onHover(i)}
                  onClick={() => onChoose(entry)}
                  className={clsx(
                    'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2',
                    i === current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700',
                    entry.disabled && 'cursor-not-allowed',
                  )}
                >
                  <span className={i === current ? 'text-indigo-500' : 'text-slate-400'}>
                    {entry.disabled && !entry.pending ? <LockIcon className="size-4" /> : entry.icon}
                  </span>
                  <span className="min-w-0">
                    <span className={clsx('block truncate font-medium', entry.disabled && 'text-slate-500')}>
                      {entry.label}
                    </span>
                    {entry.disabled ? (
                      <span id={`${listId}-${i}-why`} className="block text-xs text-slate-500">
                        {entry.disabled}
                      </span>
                    ) : null}
                  </span>
                  <span className="ml-auto shrink-0 text-xs text-slate-600">{entry.detail}</span>
                </div>
              );
            })}
          </div>
        );
      })}
      {entries.length === 0 ? <p className="px-3 py-8 text-center text-slate-500">{empty}</p> : null}
    </div>
  );
}

/** Consecutive entries of one group, with the index of the first. */
function groupsOf(entries: readonly Entry[]): { group: Entry[]; start: number }[] {
  const groups: { group: Entry[]; start: number }[] = [];
  entries.forEach((entry, i) => {
    const last = groups[groups.length - 1];
    if (last && last.group[0]?.group === entry.group) last.group.push(entry);
    else groups.push({ group: [entry], start: i });
  });
  return groups;
}
