import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/**
 * The name of every option that carries a `@default` JSDoc tag in `src/shared/options/types.ts`: the
 * property declared on the first line after the comment holding the tag.
 */
const optionsWithDefaults = (source: string): string[] => {
  const names = new Set<string>()
  const lines = source.split('\n')
  lines.forEach((line, index) => {
    if (!line.includes('@default')) {
      return
    }
    let next = index
    while (next < lines.length && !lines[next]!.includes('*/')) {
      next += 1
    }
    const declaration = lines[next + 1]?.match(/^\s*(\w+)\??:/)
    if (declaration) {
      names.add(declaration[1]!)
    }
  })
  return [...names]
}

/** What integrators read: the README (its options table) and the feature pages under docs/. */
const documentation = (): string =>
  [
    read('README.md'),
    ...readdirSync(path.join(root, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => read(path.join('docs', file))),
  ].join('\n')

describe('options documentation', () => {
  const names = optionsWithDefaults(read('src/shared/options/types.ts'))

  it('finds the options of src/shared/options/types.ts', () => {
    expect(names).toEqual(
      expect.arrayContaining(['enabled', 'threshold', 'windowMinutes', 'timeoutSeconds']),
    )
  })

  it('names every option with a default in the README or a docs page', () => {
    const text = documentation()
    const missing = names.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))
    expect(missing).toEqual([])
  })
})
