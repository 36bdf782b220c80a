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
 * Inside a folder, its subfolders are checked the same way (`twoFactor/components` and
 * `twoFactor/passkeys`, say), each file counting as its subfolder; the folder's own top-level files
 * (its composition root and shared constants) are left out, as src/'s are.
 */
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const check = process.argv.includes('--check')
const folderOf = (path) => /^src\/([^/]+)\//.exec(path)?.[1]
/** `twoFactor/components` for a file anywhere under src/twoFactor/components/. */
const subfolderOf = (path) => /^src\/([^/]+\/[^/]+)\//.exec(path)?.[1]

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
const { output } = await cruise(
  ['src'],
  { ...options, outputType: 'json', validate: false },
  {},
  {
    tsConfig: extractTSConfig(options.tsConfig.fileName),
  },
)

const { modules } = JSON.parse(output)

/** Which node imports which, each file counting as the node `nodeOf` gives it (none: left out). */
const graphOf = (nodeOf, sameGraph = () => true) => {
  /** @type {Map<string, Set<string>>} */
  const imports = new Map()
  for (const { dependencies, source } of modules) {
    const from = nodeOf(source)
    if (from === undefined) {
      continue
    }
    const targets = imports.get(from) ?? new Set()
    imports.set(from, targets)
    for (const { resolved } of dependencies) {
      const to = nodeOf(resolved)
      if (to !== undefined && to !== from && sameGraph(from, to)) {
        targets.add(to)
      }
    }
  }
  return imports
}

const folderImports = graphOf(folderOf)

if (!check) {
  for (const folder of [...folderImports.keys()].sort()) {
    console.log(`${folder} → ${[...folderImports.get(folder)].sort().join(', ') || '(nothing)'}`)
  }
  process.exit(0)
}

/** Tarjan's strongly connected components: each component of more than one node is a cycle. */
const cyclesOf = (imports) => {
  const index = new Map()
  const lowLink = new Map()
  const stack = []
  const cycles = []
  const visit = (node) => {
    index.set(node, index.size)
    lowLink.set(node, index.get(node))
    stack.push(node)
    for (const next of imports.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)))
      } else if (stack.includes(next)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(next)))
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      const component = stack.splice(stack.indexOf(node))
      if (component.length > 1) {
        cycles.push(component.sort())
      }
    }
  }
  for (const node of [...imports.keys()].sort()) {
    if (!index.has(node)) {
      visit(node)
    }
  }
  return cycles
}

const parentOf = (subfolder) => subfolder.split('/')[0]
const cycles = [
  ...cyclesOf(folderImports),
  ...cyclesOf(graphOf(subfolderOf, (from, to) => parentOf(from) === parentOf(to))),
]
for (const cycle of cycles) {
  console.error(`✖ folders of src/ importing each other in a cycle: ${cycle.join(', ')}`)
}
process.exit(cycles.length > 0 ? 1 : 0)
