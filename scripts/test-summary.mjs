/** Adds up vitest's JSON reports of `npm test` into one closing line: "tests: N passed, N failed". */
import { existsSync, readFileSync } from 'node:fs'

const reports = ['test-results/vitest-unit-integration.json', 'test-results/vitest-browser.json']
let passed = 0
let failed = 0
let skipped = 0
for (const file of reports) {
  if (!existsSync(file)) {
    console.error(`missing test report ${file}`)
    process.exit(1)
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
