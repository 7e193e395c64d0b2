import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Five suites: unit tests sit beside the code; the API contract suite (tests/contract) starts the mock on a free port
// and talks HTTP; the build suite checks the built console (bundle budget); the kubectl suite (tests/kubectl) runs the
// real kubectl against a mock; the clients suite (tests/clients) runs the official Python and Node clients.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // Vitest's default (one fewer than the cores) ran every file one after another on two cores, while most files
    // wait on a mock, kubectl or Python: three at a time took the contract suite from 175 s to 91 s there.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // A poll waits for the mock or a timer; on a shared host 1 s (the default) is sometimes not enough to see it.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/bench/**/*.test.ts',
            'scripts/serve/**/*.test.ts',
            'scripts/docs/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        // Checks on the built console (the bundle budget): each runs a real `vite build` in memory.
        extends: true,
        test: {
          name: 'build',
          include: ['scripts/budget/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'kubectl',
          include: ['tests/kubectl/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The official clients (Python's kubernetes, @kubernetes/client-node) against a mock with TLS.
        extends: true,
        test: {
          name: 'clients',
          include: ['tests/clients/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 40_000,
        },
      },
    ],
  },
});
