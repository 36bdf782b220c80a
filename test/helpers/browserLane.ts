import { inject, type ProvidedContext } from 'vitest'

/**
 * The app this test file runs against: its lane's `next start`, database and inbox. Vitest runs
 * as many files at once as there are lanes, and numbers the worker slots 1..maxWorkers in
 * VITEST_POOL_ID; a slot runs one file at a time, so the files of one lane never overlap and a
 * file may still empty its lane's tables.
 */
export const browserLane = (): ProvidedContext['browserApps'][number] => {
  const apps = inject('browserApps')
  const app = apps[Number(process.env.VITEST_POOL_ID) - 1]
  if (!app) {
    throw new Error(
      `No browser app for worker slot ${process.env.VITEST_POOL_ID} of ${apps.length}: ` +
        'the browser project runs as many files at once as BROWSER_LANES starts apps.',
    )
  }
  return app
}
