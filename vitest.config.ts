import { defineConfig } from 'vitest/config';

// Three suites: unit tests sit beside the code; the API contract suite starts the mock on a free port and talks HTTP;
// the kubectl suite runs the real kubectl against a mock on a free HTTPS port.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/mock/contract/**', 'src/mock/kubectl/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          include: ['src/mock/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'kubectl',
          include: ['src/mock/kubectl/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
