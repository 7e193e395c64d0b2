import { defineConfig } from 'vitest/config';

// Two suites: unit tests sit beside the code; the API contract suite starts the mock on a free port and talks HTTP.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/mock/contract/**'],
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
    ],
  },
});
