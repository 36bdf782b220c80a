// The package build's second step: `tsc` compiles the components but copies no CSS, so the
// stylesheets they import are copied beside them, each to the same place under dist/ as under src/.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

const stylesheets = readdirSync('src', { recursive: true }).filter((file) => file.endsWith('.css'))
for (const file of stylesheets) {
  mkdirSync(path.dirname(path.join('dist', file)), { recursive: true })
  copyFileSync(path.join('src', file), path.join('dist', file))
}
// Nothing on stdout: `npm pack --json` runs this (prepack) and its output must stay JSON.
process.stderr.write(`copied ${stylesheets.length} stylesheets to dist/\n`)
