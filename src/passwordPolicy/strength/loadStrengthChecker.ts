import type { ZxcvbnResult } from '@zxcvbn-ts/core'

import { zxcvbnSettings } from './zxcvbnSettings.js'

/** Scores a password, given the words of the account it is for (see `penalisedInputs`). */
export type StrengthChecker = (password: string, userInputs: string[]) => ZxcvbnResult

type Dictionary = Record<string, string[]>

/** The package's exports whether it arrives as an ES module (bundlers) or as CommonJS (Node). */
const exportsOf = <T extends object>(module: T): T =>
  'default' in module &&
  module.default !== null &&
  typeof module.default === 'object' &&
  !('dictionary' in module)
    ? (module.default as T)
    : module

/** German and Dutch name their lists without a language suffix: suffix them so none overwrites another. */
const suffixed = (dictionary: Dictionary, language: string): Dictionary =>
  Object.fromEntries(
    Object.entries(dictionary).map(([name, words]) => [
      name.endsWith(`-${language}`) ? name : `${name}-${language}`,
      words,
    ]),
  )

const build = async (): Promise<StrengthChecker> => {
  // Dynamic imports: bundlers put the dictionaries (megabytes) in chunks of their own, fetched only
  // when a new-password field mounts, never with the login page. The server imports them once.
  const [core, common, en, de, fr, nl] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-de'),
    import('@zxcvbn-ts/language-fr'),
    import('@zxcvbn-ts/language-nl-be'),
  ])
  const { ZxcvbnFactory } = exportsOf(core)
  const { adjacencyGraphs, dictionary: commonDictionary } = exportsOf(common)
  const zxcvbn = new ZxcvbnFactory({
    dictionary: {
      ...commonDictionary,
      ...suffixed(exportsOf(en).dictionary, 'en'),
      ...suffixed(exportsOf(de).dictionary, 'de'),
      ...suffixed(exportsOf(fr).dictionary, 'fr'),
      ...suffixed(exportsOf(nl).dictionary, 'nl'),
    },
    graphs: adjacencyGraphs,
    l33tMaxSubstitutions: zxcvbnSettings.l33tMaxSubstitutions,
    maxLength: zxcvbnSettings.maxLength,
    timeEstimationValues: zxcvbnSettings.timeEstimationValues,
  })
  return (password, userInputs) => zxcvbn.check(password, userInputs)
}

let loading: Promise<StrengthChecker> | undefined

/**
 * The one strength checker of the process (server) or page (browser): zxcvbn-ts with the common
 * password and word lists, the English, German, French and Dutch dictionaries and the common
 * keyboard layouts. Built on first use (about half a second) and shared after; a failed load is
 * retried on the next call.
 */
export const loadStrengthChecker = (): Promise<StrengthChecker> => {
  loading ??= build().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
