/**
 * The direction of src/'s folders, checked on three levels of the import graph dependency-cruiser
 * builds (type-only imports included):
 *
 * 1. **Layers** (`src/shared/`, `src/policies/`, …): each may import only the layers `LAYERS` lists
 *    for it, so the top of src/ reads as the architecture and nothing reaches upward.
 * 2. **Capabilities** (`src/policies/lockout/`, `src/flows/sso/`, …, and a layer's own subfolders
 *    such as `src/signIn/endpoints/`): no two import each other through any number of others.
 * 3. **A capability's subfolders** (`src/policies/twoFactor/passkeys/` beside
 *    `src/policies/twoFactor/components/`): the same, inside each capability.
 *
 * The files at the top of src/ (the composition root) and at the top of a layer or a capability (its
 * composition root and shared constants) take part only in the level above them. A folder graph is
 * needed besides dependency-cruiser's `no-circular`: two folders can import each other in a cycle
 * that no single file takes part in.
 */

/** Each layer of src/ and the layers it may import (itself always). */
const LAYERS: Readonly<Record<string, readonly string[]>> = {
  // What any part of the plugin may use: plumbing, the audit log, texts, options, the admin helpers.
  shared: [],
  // The content screens' fixes and the video plugin stand on the shared folders alone.
  content: ['shared'],
  video: ['shared'],
  // The rules an account's sign-in and changes are held to.
  policies: ['shared'],
  // The sign-in pipeline, which applies the policies.
  signIn: ['shared', 'policies'],
  // The account-lifecycle flows, each ending in a sign-in.
  flows: ['shared', 'policies', 'signIn'],
  // Admin screens over everything an account has.
  adminViews: ['shared', 'content', 'policies', 'signIn', 'flows'],
  // Running the plugin: health, metrics, Payload's own routes guarded.
  operations: ['shared', 'policies', 'signIn', 'flows'],
  // The import map's entry points.
  exports: [
    'shared',
    'content',
    'video',
    'policies',
    'signIn',
    'flows',
    'adminViews',
    'operations',
  ],
}

export type ModuleGraph = readonly {
  dependencies: readonly { resolved: string }[]
  source: string
}[]

/** The node a file counts as at a level: its first `depth` folders under src/, or none. */
const nodeAt = (depth: number) => (path: string) => {
  const parts = path.split('/')
  // src/<folder 1>/…/<folder depth>/<file>: the file must lie inside all `depth` folders.
  return parts[0] === 'src' && parts.length > depth + 1
    ? parts.slice(1, depth + 1).join('/')
    : undefined
}

const parentOf = (node: string) => node.split('/').slice(0, -1).join('/')

/** Which node imports which, each file counting as the node `nodeOf` gives it (none: left out). */
const graphOf = (
  modules: ModuleGraph,
  nodeOf: (path: string) => string | undefined,
  sameGraph: (from: string, to: string) => boolean = () => true,
) => {
  const imports = new Map<string, Set<string>>()
  for (const { dependencies, source } of modules) {
    const from = nodeOf(source)
    if (from === undefined) {
      continue
    }
    const targets = imports.get(from) ?? new Set<string>()
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

/** Tarjan's strongly connected components: each component of more than one node is a cycle. */
const cyclesOf = (imports: Map<string, Set<string>>) => {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    lowLink.set(node, index.get(node)!)
    stack.push(node)
    for (const next of imports.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!))
      } else if (stack.includes(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!))
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

/** The layer graph, a line per layer, for `npm run graph:folders`. */
export const layerGraphOf = (modules: ModuleGraph) => graphOf(modules, nodeAt(1))

/** Every way the graph breaks the direction above, as sentences; none when it holds. */
export const violationsOf = (modules: ModuleGraph): string[] => {
  const violations: string[] = []
  const layers = layerGraphOf(modules)
  for (const [layer, targets] of [...layers].sort(([a], [b]) => a.localeCompare(b))) {
    const allowed = LAYERS[layer]
    if (allowed === undefined) {
      violations.push(
        `src/${layer}/ is not a layer: put it in one of ${Object.keys(LAYERS).join(', ')}`,
      )
      continue
    }
    for (const target of [...targets].sort()) {
      if (!allowed.includes(target)) {
        const files = modules
          .filter(
            ({ dependencies, source }) =>
              nodeAt(1)(source) === layer &&
              dependencies.some(({ resolved }) => nodeAt(1)(resolved) === target),
          )
          .map(({ source }) => source)
        violations.push(
          `src/${layer}/ may not import src/${target}/ (it may import ${allowed.join(', ') || 'only itself'}): ${files.join(', ')}`,
        )
      }
    }
  }
  for (const cycle of cyclesOf(graphOf(modules, nodeAt(2)))) {
    violations.push(`folders of src/ importing each other in a cycle: ${cycle.join(', ')}`)
  }
  const sameParent = (from: string, to: string) => parentOf(from) === parentOf(to)
  for (const cycle of cyclesOf(graphOf(modules, nodeAt(3), sameParent))) {
    violations.push(`subfolders importing each other in a cycle: ${cycle.join(', ')}`)
  }
  return violations
}
