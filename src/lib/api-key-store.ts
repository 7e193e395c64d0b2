/**
 * The API key lives in memory only: no persist middleware, never in a URL or localStorage (DESIGN.md).
 * A reload starts again from the configured key.
 */
import { create } from 'zustand';
import { config } from './config.ts';

interface ApiKeyState {
  apiKey: string;
  setApiKey: (apiKey: string) => void;
}

export const useApiKeyStore = create<ApiKeyState>()((set) => ({
  apiKey: config.initialApiKey,
  setApiKey: (apiKey) => set({ apiKey: apiKey.trim() }),
}));
