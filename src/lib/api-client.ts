/** The console's one API client; it reads the key from the in-memory store on every request. */
import { createApiClient } from '../api/index.ts';
import { useApiKeyStore } from './api-key-store.ts';
import { config } from './config.ts';

export const apiClient = createApiClient({
  baseUrl: config.apiBaseUrl,
  apiKey: () => useApiKeyStore.getState().apiKey || undefined,
});
