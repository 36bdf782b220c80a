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

/**
 * Each language's word lists, as an import of its own: a bundler puts every one in chunks of its own
 * (megabytes of word lists), fetched only when asked for. Dutch is zxcvbn-ts's Belgian Dutch list.
 */
const languageDictionaries = {
  de: () => import('@zxcvbn-ts/language-de'),
  en: () => import('@zxcvbn-ts/language-en'),
  fr: () => import('@zxcvbn-ts/language-fr'),
  nl: () => import('@zxcvbn-ts/language-nl-be'),
} as const

/** A language whose dictionary the checker can use. */
export type StrengthLanguage = keyof typeof languageDictionaries

/** Every language the server judges passwords against. */
const strengthLanguages = Object.keys(languageDictionaries) as StrengthLanguage[]

/** The dictionary for an admin language: its own when there is one, else English. */
export const strengthLanguageOf = (language: string): StrengthLanguage =>
  language in languageDictionaries ? (language as StrengthLanguage) : 'en'

const build = async (languages: readonly StrengthLanguage[]): Promise<StrengthChecker> => {
  const [core, common, ...dictionaries] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    ...languages.map((language) => languageDictionaries[language]()),
  ])
  const { ZxcvbnFactory } = exportsOf(core)
  const { adjacencyGraphs, dictionary: commonDictionary } = exportsOf(common)
  const zxcvbn = new ZxcvbnFactory({
    dictionary: Object.assign(
      { ...commonDictionary },
      ...dictionaries.map((dictionary, index) =>
        suffixed(exportsOf(dictionary).dictionary, languages[index]!),
      ),
    ) as Dictionary,
    graphs: adjacencyGraphs,
    l33tMaxSubstitutions: zxcvbnSettings.l33tMaxSubstitutions,
    maxLength: zxcvbnSettings.maxLength,
    timeEstimationValues: zxcvbnSettings.timeEstimationValues,
  })
  return (password, userInputs) => zxcvbn.check(password, userInputs)
}

/** zxcvbn-ts's feedback texts in one of its languages: its warnings and suggestions, by key. */
export type StrengthTranslations = {
  suggestions: Record<string, string>
  warnings: Record<string, string>
}

/**
 * zxcvbn-ts's own translations of its feedback (the checker answers with their keys), for the
 * server to tell the person why a password is weak in their language.
 */
export const loadStrengthTranslations = async (
  language: StrengthLanguage,
): Promise<StrengthTranslations> =>
  (exportsOf(await languageDictionaries[language]()) as { translations: StrengthTranslations })
    .translations

const loading = new Map<string, Promise<StrengthChecker>>()

/**
 * A strength checker of the process (server) or page (browser): zxcvbn-ts with the common password
 * and word lists, the common keyboard layouts and the dictionaries of `languages`. The server judges
 * against all four, whatever language the person uses, and the meter asks it as the person types
 * (`passwordStrengthEndpoint`), so no browser downloads the word lists. Built on first use (about
 * half a second) and shared after; a failed load is retried on the next call. Its feedback is keys.
 */
export const loadStrengthChecker = (
  languages: readonly StrengthLanguage[] = strengthLanguages,
): Promise<StrengthChecker> => {
  const key = [...languages].sort().join(',')
  let checker = loading.get(key)
  if (!checker) {
    checker = build(languages).catch((error: unknown) => {
      loading.delete(key)
      throw error
    })
    loading.set(key, checker)
  }
  return checker
}
