import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/** Browser test files share one app and database, so they run one after another in name order. */
class ByNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId))
  }
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { environment: 'node', include: ['test/unit/**/*.test.ts'], name: 'unit' },
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
          testTimeout: 60_000,
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
          sequence: { sequencer: ByNameSequencer },
          testTimeout: 120_000,
        },
      },
    ],
  },
})
