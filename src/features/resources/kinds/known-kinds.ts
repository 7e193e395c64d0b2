/**
 * The kinds the Nodus API serves (nodus.dev/v1, as src/shared/kinds.ts declares them), for the moments before
 * discovery answers: a table named in the URL is drawn from this, with its list already loading (early-start.ts), and
 * discovery's own description replaces it when it comes. Only what reading needs is known here: the verbs are
 * read-only until discovery says what else the API allows, so no button offers a write it may refuse. A kind
 * not listed waits for discovery, as every kind did before.
 */
import { NODUS_GROUP_VERSION, type KindInfo } from '@/data/client/index.ts';
import { KIND_FACTS } from '@/shared/kinds.ts';

/** One object per kind, so a view given the same kind twice sees the same object. */
const EARLY_KINDS = new Map<string, KindInfo>(
  Object.values(KIND_FACTS).map(({ plural, singular, kind }) => [
    plural,
    {
      ...NODUS_GROUP_VERSION,
      kind,
      plural,
      singular,
      namespaced: true,
      verbs: ['get', 'list', 'watch'],
      shortNames: [],
    },
  ]),
);

/** The kind a URL names, as far as the console knows it before discovery; undefined for any other name. */
export function knownKind(plural: string): KindInfo | undefined {
  return EARLY_KINDS.get(plural);
}
