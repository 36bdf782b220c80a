import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`

/**
 * Module hooks (Node's `module.register`) that write down every module the process resolves, ES
 * modules and the CommonJS packages they import alike, and give style sheets an empty module (the
 * admin's components import Payload's CSS, which a bundler handles and Node cannot).
 */
const recorderHooks = `import { appendFileSync } from 'node:fs'
let log
export const initialize = (data) => { log = data.log }
export const resolve = async (specifier, context, next) => {
  const resolved = await next(specifier, context)
  appendFileSync(log, resolved.url + '\\n')
  return resolved
}
export const load = async (url, context, next) =>
  /\\.s?css$/.test(url) ? { format: 'module', shortCircuit: true, source: '' } : next(url, context)
`

/**
 * Every file a fresh Node process loads when it imports `entry` (a source file of this repository,
 * run through tsx as the tests are), as paths relative to the repository: what Node's resolution
 * answered, plus every CommonJS module in `require.cache` (a CommonJS package requiring its own
 * files does not go through the ES module hooks). Node's built-in modules are left out.
 */
export const modulesLoadedBy = async (entry: string): Promise<string[]> => {
  const folder = await mkdtemp(path.join(tmpdir(), 'modules-loaded-'))
  const log = path.join(folder, 'loaded.txt')
  const register = `import { register } from 'node:module'
register(${JSON.stringify(dataUrl(recorderHooks))}, { data: { log: ${JSON.stringify(log)} } })
`
  const run = `import { appendFileSync } from 'node:fs'
import { createRequire } from 'node:module'
await import(${JSON.stringify(pathToFileURL(path.resolve(repoRoot, entry)).href)})
appendFileSync(${JSON.stringify(log)}, Object.keys(createRequire(import.meta.url).cache).join('\\n'))
`
  try {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', dataUrl(register), '--input-type=module', '--eval', run],
      { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '' } },
    )
    const lines = (await readFile(log, 'utf8')).split('\n').filter(Boolean)
    const files = lines
      .map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line))
      .filter((file) => path.isAbsolute(file))
      .map((file) => path.relative(repoRoot, file))
    return [...new Set(files)].sort()
  } finally {
    await rm(folder, { force: true, recursive: true })
  }
}
