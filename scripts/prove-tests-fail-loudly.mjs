/**
 * Proves that a failed test fails the command: in a scratch copy of the repository, a deliberately
 * failing integration test and a deliberately failing browser test must each make
 * `vitest run --project <project> <file>` exit non-zero. Next to the failing test, each file has one
 * that passes only if the project's global setup ran (database, app), and vitest's JSON report must
 * show exactly that pass and the deliberate failure: a setup that broke cannot pass for the proof.
 *
 * The browser case reuses the dev app's build (`next build dev` first; NEXT_DIST_DIR is honoured).
 * Used by CI; run it with `node scripts/prove-tests-fail-loudly.mjs`.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const distDir = process.env.NEXT_DIST_DIR || '.next'
if (!existsSync(path.join(root, 'dev', distDir, 'BUILD_ID'))) {
  console.error(`✖ no build of the dev app in dev/${distDir}: run \`npx next build dev\` first`)
  process.exit(1)
}

// The working tree as it is (tracked and untracked files git does not ignore), without installing
// or building again: node_modules and the app's build are links to this repository's.
const work = mkdtempSync(path.join(tmpdir(), 'backoffice-fail-loudly-'))
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)))
for (const file of files) {
  mkdirSync(path.dirname(path.join(work, file)), { recursive: true })
  copyFileSync(path.join(root, file), path.join(work, file))
}
const links = [path.join(work, 'node_modules'), path.join(work, 'dev', distDir)]
symlinkSync(path.join(root, 'node_modules'), links[0], 'dir')
symlinkSync(path.join(root, 'dev', distDir), links[1], 'dir')

const cases = [
  {
    env: {},
    file: 'test/integration/failsLoudly.test.ts',
    project: 'integration',
    source: `import { expect, inject, it } from 'vitest'

it('gets the database of the global setup', () => {
  expect(inject('databaseAdminUrl')).toMatch(/^postgres/)
})

it('fails on purpose', () => {
  expect(1).toBe(2)
})
`,
  },
  {
    // One lane: a single file needs one app.
    env: { BROWSER_LANES: '1', E2E_REUSE_BUILD: '1' },
    file: 'test/browser/failsLoudly.test.ts',
    project: 'browser',
    source: `import { expect, it } from 'vitest'

import { browserLane } from '../helpers/browserLane.js'

it('reaches the app of the global setup', async () => {
  expect((await fetch(\`\${browserLane().appUrl}/admin/login\`)).status).toBe(200)
})

it('fails on purpose', () => {
  expect(1).toBe(2)
})
`,
  },
]

let proven = true
try {
  for (const { env, file, project, source } of cases) {
    writeFileSync(path.join(work, file), source)
    const report = path.join(work, `report-${project}.json`)
    const run = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        project,
        file,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      { cwd: work, encoding: 'utf8', env: { ...process.env, ...env } },
    )
    const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined
    const failed = results?.testResults
      .flatMap((result) => result.assertionResults)
      .filter((test) => test.status === 'failed')
      .map((test) => test.title)
    const asIntended =
      results?.numPassedTests === 1 &&
      results.numFailedTests === 1 &&
      failed?.join() === 'fails on purpose'
    const line = `a failing ${project} test makes the command exit ${run.status ?? run.signal}`
    if (run.status !== 0 && run.status !== null && asIntended) {
      console.log(`${line}: ok`)
    } else {
      proven = false
      console.error(
        `✖ ${line}: ${asIntended ? 'it must be non-zero' : 'but not as intended (report below)'}`,
      )
      console.error(`${run.stdout}${run.stderr}`.slice(-6000))
    }
  }
} finally {
  links.forEach((link) => unlinkSync(link))
  rmSync(work, { force: true, recursive: true })
}
process.exit(proven ? 0 : 1)
