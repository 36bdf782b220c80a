import type { en } from './en.js'

export type VideoTranslationKey = keyof typeof en

/** One complete language table: every key of the English source, as a plain string. */
export type VideoTranslationTable = Record<VideoTranslationKey, string>
