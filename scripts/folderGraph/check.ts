/**
 * `npm run graph:folders` prints which layer of src/ imports which; with --check (part of
 * `npm run lint`) it prints every break of the direction `rules.ts` describes and fails when there
 * is one.
 */
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

import { layerGraphOf, type ModuleGraph, violationsOf } from './rules.js'

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
const { output } = await cruise(
  ['src'],
  { ...options, outputType: 'json', validate: false },
  {},
  { tsConfig: extractTSConfig(options.tsConfig?.fileName ?? 'tsconfig.json') },
)
const { modules } = JSON.parse(output as string) as { modules: ModuleGraph }

if (!process.argv.includes('--check')) {
  for (const [layer, targets] of [...layerGraphOf(modules)].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    console.log(`${layer} → ${[...targets].sort().join(', ') || '(nothing)'}`)
  }
  process.exit(0)
}
const violations = violationsOf(modules)
for (const violation of violations) {
  console.error(`✖ ${violation}`)
}
process.exit(violations.length > 0 ? 1 : 0)
