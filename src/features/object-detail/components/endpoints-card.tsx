/** What the object exposes: each port's URL with copy and open, its protocol and whether the internet reaches it. */
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { ExternalLinkIcon, GlobeIcon, LockIcon } from '@/components/ui/icons.tsx';
import { safeHref } from '@/components/ui/safe-href.ts';
import type { NodusObject } from '@/shared/protocol.ts';
import { endpointsOf, nothingExposed } from '../model/endpoints.ts';
import { Card } from '@/components/ui/card.tsx';

export function EndpointsCard({ object, kind }: { object: NodusObject; kind: string }) {
  const endpoints = endpointsOf(object);
  return (
    <Card title="Endpoints" count={endpoints.length || undefined}>
      {endpoints.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{nothingExposed(object)}</p>
      ) : (
        <ul aria-label={`What the ${kind} exposes`} className="divide-y divide-slate-100">
          {endpoints.map((e) => {
            // Only a public http(s) address opens in a tab: a private one is reached from the project, a TCP one by a client.
            const href = e.public ? safeHref(e.url) : undefined;
            return (
              <li
                key={`${e.port ?? ''}-${e.url}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2.5"
              >
                <span className="flex w-28 shrink-0 items-center gap-1.5 text-xs text-slate-600">
                  {e.public ? (
                    <GlobeIcon className="size-3.5 text-emerald-600" />
                  ) : (
                    <LockIcon className="size-3.5 text-slate-400" />
                  )}
                  <span className={e.public ? 'font-medium text-emerald-700' : 'text-slate-600'}>
                    {e.public ? 'Public' : 'Private'}
                  </span>
                </span>
                <span className="w-24 shrink-0 font-mono text-xs text-slate-500">
                  {e.protocol}
                  {e.port !== undefined ? ` · ${e.port}` : ''}
                </span>
                <code className="min-w-0 flex-1 truncate font-mono text-sm text-slate-900" title={e.url}>
                  {e.url}
                </code>
                <span className="flex shrink-0 items-center gap-1.5">
                  {href ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Open ${e.url} in a new tab`}
                      className="inline-flex items-center gap-1 rounded-md border border-slate-200 bg-white px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-50 hover:text-slate-900"
                    >
                      <ExternalLinkIcon className="size-3.5" />
                      Open
                    </a>
                  ) : null}
                  <CopyButton value={e.url} label={`Copy ${e.url}`} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {endpoints.some((e) => !e.public) ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          Private endpoints are reached from inside the project only.
        </p>
      ) : null}
    </Card>
  );
}
