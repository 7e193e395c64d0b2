/** Ports of the servers Playwright starts (see playwright.config.ts); tests read the API directly at MOCK_URL. */
export const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 18001);
export const CONSOLE_PORT = Number(process.env.E2E_CONSOLE_PORT ?? 15173);
export const MOCK_URL = `http://127.0.0.1:${MOCK_PORT}`;
export const CONSOLE_URL = `http://127.0.0.1:${CONSOLE_PORT}`;
