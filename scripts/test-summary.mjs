/**
 * Adds up vitest's JSON reports of `npm test` into one closing line: "tests: N passed, N failed",
 * after a line per report with its wall time (from its start to its last file's end), so CI's log
 * shows the two halves of `npm test` apart.
 * Fails when a report is missing, unsuccessful (vitest can exit 0 after an error that stopped it
 * before any test ran) or ran no test at all.
 */
import { existsSync, readFileSync } from 'node:fs'

const reports = ['test-results/vitest-unit-integration.json', 'test-results/vitest-browser.json']
let passed = 0
let failed = 0
let skipped = 0
let broken = false
for (const file of reports) {
  if (!existsSync(file)) {
    console.error(`✖ missing test report ${file}`)
    process.exit(1)
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  if (!report.success || report.numTotalTests === 0) {
    console.error(`✖ ${file}: ${report.numTotalTests} tests, success=${report.success}`)
    broken = true
  }
  const ended = Math.max(...report.testResults.map((result) => result.endTime ?? 0))
  const seconds = Math.round((ended - report.startTime) / 1000)
  console.log(
    `${file}: ${report.numTotalTests} tests in ${report.testResults.length} files, ${seconds} s`,
  )
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += report.numPendingTests + report.numTodoTests
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(broken || failed > 0 ? 1 : 0)
