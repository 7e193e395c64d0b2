/**
 * Who the object is and where it sits: its identity (uid, versions, age), its owner as a link, its labels and
 * annotations. Keys under nodus.dev/ are marked "set by Nodus" (a client may not set or change them, except the
 * restart request).
 */
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ANNOTATION_RESTART_REQUESTED_AT, type NodusObject } from '@/shared/protocol.ts';
import { pendingRestart } from '../model/actions.ts';
import { Card } from '@/components/ui/card.tsx';
import { RelativeTime } from '@/components/ui/relative-time.tsx';

const NODUS = 'nodus.dev/';

export function DetailsCard({
  object,
  objectHref,
}: {
  object: NodusObject;
  objectHref: (kind: string, name: string) => string | undefined;
}) {
  const m = object.metadata;
  const owners = m.ownerReferences ?? [];
  const restart = m.annotations?.[ANNOTATION_RESTART_REQUESTED_AT];
  const pending = pendingRestart(object);
  return (
    <Card title="Details">
      <dl className="divide-y divide-slate-100 text-sm">
        {owners.length ? (
          <Row label={owners.length === 1 ? 'Owner' : 'Owners'}>
            {owners.map((r) => {
              const href = objectHref(r.kind, r.name);
              return (
                <span key={r.uid} className="block">
                  <span className="text-slate-500">{r.kind} </span>
                  {href ? (
                    <Link to={href} className="font-medium text-indigo-600 hover:text-indigo-500 hover:underline">
                      {r.name}
                    </Link>
                  ) : (
                    <span className="font-medium">{r.name}</span>
                  )}
                  {r.controller ? <span className="ml-1 text-xs text-slate-500">(controller)</span> : null}
                </span>
              );
            })}
          </Row>
        ) : null}
        <Row label="Created">
          <RelativeTime timestamp={m.creationTimestamp} />
        </Row>
        {restart ? (
          <Row label="Restart">
            <span className={clsx(pending ? 'text-amber-700' : 'text-slate-700')}>
              {pending ? 'requested ' : 'handled, requested '}
              <RelativeTime timestamp={restart} />
            </span>
          </Row>
        ) : null}
        <Row label="UID" mono>
          {m.uid}
        </Row>
        <Row label="Generation" mono>
          {m.generation === undefined ? undefined : String(m.generation)}
          {object.status?.observedGeneration !== undefined && object.status.observedGeneration !== m.generation
            ? ` (status describes ${String(object.status.observedGeneration)})`
            : ''}
        </Row>
        <Row label="Resource version" mono>
          {m.resourceVersion}
        </Row>
        {m.managedFields?.length ? (
          <Row label="Managed by">
            <ul aria-label="Managed by">
              {m.managedFields.map((e) => (
                <li key={`${e.manager}/${e.operation}/${e.subresource ?? ''}`}>
                  <span className="font-medium">{e.manager}</span>{' '}
                  {/* "updated 2s ago" stays on one line: a wrap between its words read as two facts. */}
                  <span className="whitespace-nowrap">
                    <span className="text-slate-500">
                      {e.operation === 'Apply' ? 'applied' : 'updated'}
                      {e.subresource ? ` ${e.subresource}` : ''}{' '}
                    </span>
                    <RelativeTime timestamp={e.time} />
                  </span>
                </li>
              ))}
            </ul>
          </Row>
        ) : null}
      </dl>
    </Card>
  );
}

function Row({ label, mono, children }: { label: string; mono?: boolean; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className="flex justify-between gap-4 px-4 py-2">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      {/* Wrapped, never clipped: a uid or a manager's name cut short is no longer the one to copy or ask about. */}
      <dd className={clsx('min-w-0 text-right break-words text-slate-800', mono && 'font-mono text-xs leading-5')}>
        {children}
      </dd>
    </div>
  );
}

export function KeyValueCard({
  title,
  entries,
}: {
  title: 'Labels' | 'Annotations';
  entries: Record<string, string> | undefined;
}) {
  const list = Object.entries(entries ?? {}).sort(
    ([a], [b]) => Number(a.startsWith(NODUS)) - Number(b.startsWith(NODUS)) || a.localeCompare(b),
  );
  return (
    <Card title={title} count={list.length}>
      {list.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">None.</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-slate-100 text-sm">
          {list.map(([key, value]) => {
            const nodus = key.startsWith(NODUS) && key !== ANNOTATION_RESTART_REQUESTED_AT;
            return (
              <li key={key} aria-label={key} className="px-4 py-2">
                <div className="flex items-center justify-between gap-2">
                  <code className="min-w-0 truncate font-mono text-xs text-slate-500" title={key}>
                    <bdi>{key}</bdi>
                  </code>
                  {nodus ? (
                    <span className="shrink-0 rounded-full bg-indigo-50 px-1.5 py-0.5 text-[11px] font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset">
                      set by Nodus
                    </span>
                  ) : null}
                  {key === ANNOTATION_RESTART_REQUESTED_AT ? (
                    <span className="shrink-0 rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">
                      request to Nodus
                    </span>
                  ) : null}
                </div>
                <p className="mt-0.5 font-mono text-xs break-all text-slate-800">
                  {value === '' ? <span className="text-slate-500">(empty)</span> : <bdi>{value}</bdi>}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
