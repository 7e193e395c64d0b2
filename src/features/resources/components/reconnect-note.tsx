/**
 * After trouble, that a table's list came back and how: resumed where it stopped, or listed again because the
 * API no longer had the changes it missed (Expired). Beside the status rather than in it, which stays one word;
 * drawn only after a reconnect, so its code waits for idle time (kind-panel.tsx).
 */
import { useState } from 'react';
import { RefreshIcon } from '@/components/ui/icons.tsx';
import { formatAge } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import type { ListWatchSnapshot } from '@/data/watch/index.ts';
import type { NodusObject } from '@/shared/protocol.ts';

export type ReconnectState = Pick<ListWatchSnapshot<NodusObject>, 'status' | 'reconnects' | 'relists'>;

export function ReconnectNote({ list }: { list: ReconnectState }) {
  const now = useNow(1000);
  const [seen, setSeen] = useState({
    reconnects: list.reconnects,
    relists: list.relists,
    at: undefined as number | undefined,
  });
  if (list.reconnects !== seen.reconnects || list.relists !== seen.relists) {
    setSeen({ reconnects: list.reconnects, relists: list.relists, at: Date.now() });
  }
  if (list.status !== 'live' || list.reconnects === 0) return null;
  const ago = seen.at === undefined ? '' : ` ${formatAge(new Date(seen.at).toISOString(), Math.max(now, seen.at))} ago`;
  const title = `Came back ${list.reconnects}× after the stream broke; listed again ${list.relists}× because the API had expired the changes missed.`;
  return (
    <span title={title} className="inline-flex items-center gap-1 text-xs text-slate-500">
      <RefreshIcon className="size-3.5 text-slate-400" />
      Reconnected{ago}
      {list.relists > 0 ? <span className="text-slate-400">· listed again after Expired</span> : null}
    </span>
  );
}
