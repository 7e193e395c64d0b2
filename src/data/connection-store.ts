/**
 * Contexts, like kubeconfig contexts: a name, the API URL and the org, and which one is in use. The list may
 * be kept in localStorage so it survives a reload; API keys live in this store's memory only
 * (never in a URL, never in localStorage), so after a reload a context other than the configured one asks for
 * its key again.
 */
import { create } from 'zustand';
import { config } from './config.ts';

export interface ApiContext {
  name: string;
  /** Origin (and optional prefix) of the API; '' for the console's own origin (the dev proxy). */
  apiUrl: string;
  org: string;
}

export interface ConnectionState {
  contexts: ApiContext[];
  current: string;
  /** Keys by context name. Memory only. */
  keys: Record<string, string>;
  /** Bumped whenever the key in use or the context changes, so a refused key can be asked for again. */
  generation: number;
  /** When `generation` last changed (ms): answers to calls sent before then were for another key. */
  changedAt: number;
  use: (name: string) => void;
  /** Adds or replaces a context (renaming `previousName`); a key, when given, is kept in memory. */
  saveContext: (context: ApiContext, key?: string, previousName?: string) => void;
  removeContext: (name: string) => void;
  /** The key of the context in use. */
  setApiKey: (key: string) => void;
  /**
   * Forgets the key of the context in use, typed or configured, and remembers for this tab (sessionStorage: a
   * context name, never a key) that the person signed out, so a reload does not sign them in again with the build's key.
   */
  signOut: () => void;
  /** Contexts signed out of in this tab and not given a key since. */
  signedOut: string[];
}

/** What is written to storage: never a key. */
interface Persisted {
  contexts: ApiContext[];
  current: string;
}

export const STORAGE_KEY = 'nodus.console.contexts';
/** In sessionStorage: the names of the contexts signed out of in this tab. */
export const SIGNED_OUT_KEY = 'nodus.console.signed-out';

export function defaultContext(): ApiContext {
  return { name: config.demo ? 'local-mock' : 'default', apiUrl: config.apiBaseUrl, org: config.demo ? 'demo' : '' };
}

export function createConnectionStore(options: {
  storage: Storage | undefined;
  initial: ApiContext;
  initialKey: string;
  session?: Storage | undefined;
}) {
  const saved = readPersisted(options.storage);
  const signedOut = readSignedOut(options.session);
  const initialKey = signedOut.includes(options.initial.name) ? '' : options.initialKey;
  const contexts = [options.initial, ...(saved?.contexts ?? []).filter((c) => c.name !== options.initial.name)];
  const current = saved && contexts.some((c) => c.name === saved.current) ? saved.current : options.initial.name;
  const store = create<ConnectionState>()((set) => ({
    contexts,
    current,
    keys: initialKey ? { [options.initial.name]: initialKey } : {},
    signedOut,
    generation: 0,
    changedAt: 0,
    use: (name) =>
      set((s) => (s.contexts.some((c) => c.name === name) && name !== s.current ? { current: name, ...bump(s) } : s)),
    saveContext: (context, key, previousName) =>
      set((s) => {
        const old = previousName ?? context.name;
        const list = s.contexts.some((c) => c.name === old)
          ? s.contexts.map((c) => (c.name === old ? context : c))
          : [...s.contexts, context];
        const keys = { ...s.keys };
        const oldKey = keys[old];
        delete keys[old];
        const kept = key?.trim() || oldKey;
        if (kept) keys[context.name] = kept;
        const current = s.current === old ? context.name : s.current;
        const out = s.signedOut.filter((n) => n !== old && !(kept && n === context.name));
        return { contexts: list, keys, current, signedOut: out, ...bump(s) };
      }),
    removeContext: (name) =>
      set((s) => {
        if (name === options.initial.name) return s;
        const keys = { ...s.keys };
        delete keys[name];
        const current = s.current === name ? options.initial.name : s.current;
        return {
          contexts: s.contexts.filter((c) => c.name !== name),
          keys,
          current,
          signedOut: s.signedOut.filter((n) => n !== name),
          ...bump(s),
        };
      }),
    setApiKey: (key) =>
      set((s) => ({
        keys: { ...s.keys, [s.current]: key.trim() },
        signedOut: key.trim() ? s.signedOut.filter((n) => n !== s.current) : s.signedOut,
        ...bump(s),
      })),
    signOut: () =>
      set((s) => {
        const keys = { ...s.keys };
        delete keys[s.current];
        return {
          keys,
          signedOut: s.signedOut.includes(s.current) ? s.signedOut : [...s.signedOut, s.current],
          ...bump(s),
        };
      }),
  }));
  store.subscribe((s) => writePersisted(options.storage, { contexts: s.contexts, current: s.current }));
  store.subscribe((s, before) => {
    if (s.signedOut !== before.signedOut) writeSignedOut(options.session, s.signedOut);
  });
  return store;
}

function bump(s: Pick<ConnectionState, 'generation'>): Pick<ConnectionState, 'generation' | 'changedAt'> {
  return { generation: s.generation + 1, changedAt: Date.now() };
}

export function activeContext(s: Pick<ConnectionState, 'contexts' | 'current'>): ApiContext {
  return s.contexts.find((c) => c.name === s.current) ?? s.contexts[0] ?? defaultContext();
}

export function activeApiKey(s: Pick<ConnectionState, 'keys' | 'current'>): string {
  return s.keys[s.current] ?? '';
}

/** The API's address as people read it: the console's own origin when the context has no URL. */
export function apiUrlLabel(context: ApiContext): string {
  return context.apiUrl || (typeof window === 'undefined' ? 'same origin' : window.location.origin);
}

function readPersisted(storage: Storage | undefined): Persisted | undefined {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Persisted> | null;
    if (!parsed || !Array.isArray(parsed.contexts) || typeof parsed.current !== 'string') return undefined;
    const contexts = parsed.contexts.filter(isContext).map(({ name, apiUrl, org }) => ({ name, apiUrl, org }));
    return { contexts, current: parsed.current };
  } catch {
    return undefined;
  }
}

function writePersisted(storage: Storage | undefined, value: Persisted): void {
  try {
    // Rebuilt field by field so that nothing else (a key) can ride along.
    const contexts = value.contexts.map(({ name, apiUrl, org }) => ({ name, apiUrl, org }));
    storage?.setItem(STORAGE_KEY, JSON.stringify({ contexts, current: value.current }));
  } catch {
    // Storage full or disabled (private mode): the contexts last for this page only.
  }
}

function readSignedOut(session: Storage | undefined): string[] {
  try {
    const parsed = JSON.parse(session?.getItem(SIGNED_OUT_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

function writeSignedOut(session: Storage | undefined, names: string[]): void {
  try {
    if (names.length === 0) session?.removeItem(SIGNED_OUT_KEY);
    else session?.setItem(SIGNED_OUT_KEY, JSON.stringify(names));
  } catch {
    // Storage disabled: a reload may sign in again with the build's key, as if this tab were new.
  }
}

function isContext(value: unknown): value is ApiContext {
  const c = value as Partial<ApiContext> | null;
  return typeof c?.name === 'string' && c.name !== '' && typeof c.apiUrl === 'string' && typeof c.org === 'string';
}

function browserStorage(which: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[which];
  } catch {
    return undefined;
  }
}

export const useConnectionStore = createConnectionStore({
  storage: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
  initial: defaultContext(),
  initialKey: config.initialApiKey,
});
