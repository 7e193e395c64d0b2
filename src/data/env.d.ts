/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the Nodus API, e.g. https://api.nodus.dev. Empty or unset: same origin (the dev proxy). */
  readonly VITE_NODUS_API_URL?: string;
  /** API key to start with. It ends up in the built bundle, so use it for local builds only. */
  readonly VITE_NODUS_API_KEY?: string;
  /** "1": a build for the bundled mock (its demo key and org), as the dev server is. Tests and demos only. */
  readonly VITE_NODUS_DEMO?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
