/** Edit one object as YAML and save it with PUT (placeholder until the editor lands). */
import type { KindInfo } from '../../../api/index.ts';
import type { NodusObject } from '../../../shared/protocol.ts';

export interface ObjectEditProps {
  kind: KindInfo;
  project: string;
  name: string;
  /** The object as the detail view's watch has it now (undefined while loading or once deleted). */
  live: NodusObject | undefined;
  /** Where "create a new object from this edit" goes: the new-object editor, given the YAML as router state. */
  newObjectHref: string;
}

export function ObjectEdit({ name }: ObjectEditProps) {
  return <p className="p-4 text-sm text-slate-500">Editing {name}.</p>;
}
