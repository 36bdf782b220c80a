import { defineConfig } from 'vitest/config'

import { browserLanes } from './test/setup/browserLanes.js'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // What a test polls for (a page's text, an email, an audit entry written after the answer) can
    // take seconds when the 2 cores are busy; expect.poll's own default of 1 s is an idle machine's.
    expect: { poll: { timeout: 10_000 } },
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
          setupFiles: ['test/setup/databaseActivityOnFailure.ts', 'test/setup/sharedProcess.ts'],
          // Each file starts its own Payload on its own copy of a pushed schema
          // (test/helpers/schemaTemplates.ts); two at a time suits a 2-core machine. The files of a
          // worker share its process and the modules it loaded: the config and Payload are imported
          // once per worker, not once per file (the sandbox builds every collection anew per config).
          isolate: false,
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
          globalSetup: ['test/setup/browserApp.ts'],
          hookTimeout: 300_000,
          include: ['test/browser/**/*.test.ts'],
          // One file per lane at a time (BROWSER_LANES apps, each with its own database and inbox):
          // a worker slot keeps its lane (`browserLane()`), so a lane's files run one after another,
          // each setting up what it needs. They share the worker's process: its modules, its
          // Chromium (test/helpers/browser.ts) and the config its Payloads start from.
          isolate: false,
          maxWorkers: browserLanes(),
          name: 'browser',
          pool: 'forks',
          setupFiles: ['test/setup/sharedProcess.ts'],
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          environment: 'node',
          globalSetup: ['test/setup/browserApp.ts'],
          hookTimeout: 300_000,
          // The maintainers' screen walk (`npm run screens`): every screen of the plugin in two
          // languages and two sizes, kept for a before/after comparison (scripts/screens/compare.ts).
          // Run on its own, never by `npm test`, which names the projects it runs.
          include: ['test/screens/**/*.test.ts'],
          isolate: false,
          maxWorkers: browserLanes(),
          name: 'screens',
          pool: 'forks',
          setupFiles: ['test/setup/sharedProcess.ts'],
          sequence: { groupOrder: 4 },
          testTimeout: 120_000,
        },
      },
    ],
  },
})
