import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          name: 'unit',
          // Projects with different worker limits run one group after another: unit tests first.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          environment: 'node',
          globalSetup: ['test/setup/database.ts'],
          hookTimeout: 120_000,
          include: ['test/integration/**/*.test.ts'],
          name: 'integration',
          // Each file boots its own Payload on its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          pool: 'forks',
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          environment: 'node',
          fileParallelism: false,
          globalSetup: ['test/setup/database.ts'],
          hookTimeout: 120_000,
          include: ['test/timing/**/*.test.ts'],
          name: 'timing',
          pool: 'forks',
          // After the integration group, alone: what is timed must be the code, not its neighbours.
          sequence: { groupOrder: 2 },
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          environment: 'node',
          fileParallelism: false,
          globalSetup: ['test/setup/browserApp.ts'],
          hookTimeout: 300_000,
          include: ['test/browser/**/*.test.ts'],
          name: 'browser',
          pool: 'forks',
          // Browser test files share one app and database: one at a time, each setting up what it needs.
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
        },
      },
    ],
  },
})
