// monaco-yaml's language service, bundled by Vite as a same-origin module worker (`?worker`): no CDN, no blob.
// Imported through this file, as monaco-yaml advises for Vite, so the worker gets its own entry.
import 'monaco-yaml/yaml.worker.js';
