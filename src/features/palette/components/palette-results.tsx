/** The palette's results: consecutive entries of one group under its heading, the active one highlighted. */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface Entry {
  id: string;
  group: 'Kinds' | 'Projects' | 'Objects' | 'Actions';
  label: string;
  detail: string;
  keywords?: string[];
  icon: ReactNode;
  /** Where it goes, or what it runs. */
  href?: string;
  run?: () => void;
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
                  onMouseMove={() => onHover(i)}
                  onClick={() => onChoose(entry)}
                  className={clsx(
                    'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2',
                    i === current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700',
                  )}
                >
                  <span className={i === current ? 'text-indigo-500' : 'text-slate-400'}>{entry.icon}</span>
                  <span className="truncate font-medium">{entry.label}</span>
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
