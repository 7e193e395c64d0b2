/** The sidebar's last line: which API the console talks to and the release it runs. */
import { activeContext, apiUrlLabel, useConnectionStore } from '../../lib/connection-store.ts';

export function SidebarFooter({ release }: { release: string | undefined }) {
  const context = useConnectionStore(activeContext);
  return (
    <dl className="space-y-1 text-xs">
      <div className="flex items-center justify-between gap-2">
        <dt className="text-slate-400">API</dt>
        <dd className="truncate font-mono text-slate-300" title={apiUrlLabel(context)}>{apiUrlLabel(context).replace(/^https?:\/\//, '')}</dd>
      </div>
      <div className="flex items-center justify-between gap-2">
        <dt className="text-slate-400">Release</dt>
        <dd className="truncate font-mono text-slate-300">{release ?? '—'}</dd>
      </div>
    </dl>
  );
}
