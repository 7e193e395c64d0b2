/** The log of one object (placeholder until the viewer lands). */
import type { KindInfo } from '../../../api/index.ts';

export interface LogViewerProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** status.phase as the detail view last saw it: the viewer follows while it is Running. */
  phase: string | undefined;
}

export function LogViewer({ kind, name }: LogViewerProps) {
  return <p className="p-4 text-sm text-slate-500">Logs of {kind.kind} {name}.</p>;
}
