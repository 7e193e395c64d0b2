/**
 * The pinned projects and objects, above the projects table. Each is named from what was stored when it was
 * pinned; a project the key no longer sees and an object that was deleted show as gone, not as an error, and can
 * be unpinned like the rest.
 */
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { FolderIcon } from '@/components/ui/icons.tsx';
import { PinIcon } from '@/components/ui/place-icons.tsx';
import { pinKey, unpin, usePins, type Pin } from '@/data/places/index.ts';
import type { StatsKind } from '../api/project-stats.ts';
import { usePinnedObject, type PinnedState } from '../api/pinned-object.ts';

export interface PinnedSectionProps {
  kinds: readonly StatsKind[];
  /** The projects the key sees; undefined until listed. */
  projects: readonly string[] | undefined;
  projectHref: (project: string) => string;
  objectHref: (project: string, plural: string, name: string) => string;
}

export function PinnedSection({ kinds, projects, projectHref, objectHref }: PinnedSectionProps) {
  const pins = usePins();
  if (pins.length === 0) return null;
  return (
    <section aria-labelledby="pinned-heading" className="mt-6">
      <h2 id="pinned-heading" className="text-sm font-semibold text-slate-700">
        Pinned
      </h2>
      <ul aria-label="Pinned" className="mt-2 flex flex-wrap gap-2">
        {pins.map((pin) => (
          <li key={pinKey(pin)}>
            {pin.type === 'project' ? (
              <PinnedItem
                pin={pin}
                label={pin.project}
                detail="project"
                href={projectHref(pin.project)}
                state={projects === undefined ? 'checking' : projects.includes(pin.project) ? 'there' : 'gone'}
              />
            ) : (
              <PinnedObject pin={pin} kinds={kinds} href={objectHref(pin.project, pin.plural, pin.name)} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PinnedObject({
  pin,
  kinds,
  href,
}: {
  pin: Extract<Pin, { type: 'object' }>;
  kinds: readonly StatsKind[];
  href: string;
}) {
  const kind = kinds.find((k) => k.plural === pin.plural);
  const state = usePinnedObject(kind, pin.project, pin.name);
  // Until discovery answers, the kind may yet be served.
  const shown = kind === undefined && kinds.length > 0 ? 'gone' : state;
  return <PinnedItem pin={pin} label={pin.name} detail={`${pin.kind} in ${pin.project}`} href={href} state={shown} />;
}

const NOTES: Partial<Record<PinnedState, string>> = {
  gone: 'gone',
  hidden: 'no access',
};

function PinnedItem({
  pin,
  label,
  detail,
  href,
  state,
}: {
  pin: Pin;
  label: string;
  detail: string;
  href: string;
  state: PinnedState;
}) {
  const note = NOTES[state];
  const what = pin.type === 'project' ? `project ${label}` : `${pin.kind} ${label}`;
  return (
    <div
      className={clsx(
        'flex items-center gap-2 rounded-md border bg-white py-1 pr-1 pl-2.5 text-sm shadow-xs',
        note ? 'border-dashed border-slate-300' : 'border-slate-200',
      )}
    >
      {pin.type === 'project' ? <FolderIcon className="size-4 text-slate-400" /> : null}
      {note ? (
        <span className="font-mono text-[13px] text-slate-500 line-through decoration-slate-400">{label}</span>
      ) : (
        <Link to={href} className="font-mono text-[13px] text-slate-900 hover:text-indigo-600 hover:underline">
          {label}
        </Link>
      )}
      <span className="text-xs text-slate-500">{detail}</span>
      {note ? (
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">{note}</span>
      ) : null}
      <button
        type="button"
        onClick={() => unpin(pin)}
        aria-label={`Unpin ${what}`}
        title={`Unpin ${what}`}
        className="rounded p-1 text-indigo-600 hover:bg-slate-100 hover:text-slate-800"
      >
        <PinIcon filled className="size-4" />
      </button>
    </div>
  );
}
