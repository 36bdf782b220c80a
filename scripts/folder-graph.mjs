/**
 * Which folder of src/ imports which, one line per folder, from the import graph dependency-cruiser
 * builds with .dependency-cruiser.cjs (type-only imports included; the files at the top of src/, the
 * plugin's composition root, are left out). With --check it prints only the folders that import each
 * other in a cycle, and fails when there are any.
 *
 * The check closes a gap in the `no-folder-cycle` rule: dependency-cruiser's folder graph has a node
 * for every subfolder, so an import into another folder's subfolder (`twoFactor/components/`, say)
 * ends there when that subfolder leads nowhere back by itself, and a cycle through the rest of that
 * folder goes unseen. Here every file counts as its folder under src/ before cycles are looked for.
 */
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const check = process.argv.includes('--check')
const folderOf = (path) => /^src\/([^/]+)\//.exec(path)?.[1]

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
const { output } = await cruise(
  ['src'],
  { ...options, outputType: 'json', validate: false },
  {},
  {
    tsConfig: extractTSConfig(options.tsConfig.fileName),
  },
)

/** @type {Map<string, Set<string>>} */
const imports = new Map()
for (const { dependencies, source } of JSON.parse(output).modules) {
  const from = folderOf(source)
  if (from === undefined) {
    continue
  }
  const targets = imports.get(from) ?? new Set()
  imports.set(from, targets)
  for (const { resolved } of dependencies) {
    const to = folderOf(resolved)
    if (to !== undefined && to !== from) {
      targets.add(to)
    }
  }
}
const folders = [...imports.keys()].sort()

if (!check) {
  for (const folder of folders) {
    console.log(`${folder} → ${[...imports.get(folder)].sort().join(', ') || '(nothing)'}`)
  }
  process.exit(0)
}

// Tarjan's strongly connected components: each component of more than one folder is a cycle.
const index = new Map()
const lowLink = new Map()
const stack = []
const cycles = []
const visit = (folder) => {
  index.set(folder, index.size)
  lowLink.set(folder, index.get(folder))
  stack.push(folder)
  for (const next of imports.get(folder) ?? []) {
    if (!index.has(next)) {
      visit(next)
      lowLink.set(folder, Math.min(lowLink.get(folder), lowLink.get(next)))
    } else if (stack.includes(next)) {
      lowLink.set(folder, Math.min(lowLink.get(folder), index.get(next)))
    }
  }
  if (lowLink.get(folder) === index.get(folder)) {
    const component = stack.splice(stack.indexOf(folder))
    if (component.length > 1) {
      cycles.push(component.sort())
    }
  }
}
for (const folder of folders) {
  if (!index.has(folder)) {
    visit(folder)
  }
}
for (const cycle of cycles) {
  console.error(`✖ folders of src/ importing each other in a cycle: ${cycle.join(', ')}`)
}
process.exit(cycles.length > 0 ? 1 : 0)
