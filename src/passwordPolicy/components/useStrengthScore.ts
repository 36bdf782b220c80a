'use client'

import { useTranslation } from '@payloadcms/ui'
import { useDeferredValue, useEffect, useMemo, useState } from 'react'

import type { StrengthScore } from '../strengthLabels.js'

import {
  loadStrengthChecker,
  type StrengthChecker,
  strengthLanguageOf,
} from '../strength/loadStrengthChecker.js'
import { penalisedInputs } from '../strength/penalisedInputs.js'

/**
 * The zxcvbn score of `password`, or `null` while the dictionaries load (or when `enabled` is false,
 * then they are never fetched). The dictionaries (the common lists and the admin language's, several
 * hundred kilobytes) arrive through a dynamic import when the first character is typed, so a page
 * with a new-password field loads without them, and pages without one never download them.
 * Scoring follows a deferred copy of the value, so typing stays responsive on long inputs.
 */
export const useStrengthScore = (
  password: string,
  userInputs: string[] | undefined,
  enabled: boolean,
) => {
  const { i18n } = useTranslation()
  const language = strengthLanguageOf(i18n.language)
  const [checker, setChecker] = useState<null | StrengthChecker>(null)
  const used = password !== ''
  const deferredPassword = useDeferredValue(password)
  const inputsKey = JSON.stringify(userInputs ?? [])

  useEffect(() => {
    if (!enabled || checker || !used) {
      return
    }
    let current = true
    loadStrengthChecker([language]).then(
      (loaded) => current && setChecker(() => loaded),
      // The server still judges the password; the meter stays "not rated".
      (error: unknown) =>
        console.error('payload-backoffice: the password strength check could not load.', error),
    )
    return () => {
      current = false
    }
  }, [checker, enabled, language, used])

  const inputs = useMemo(() => penalisedInputs(JSON.parse(inputsKey) as string[]), [inputsKey])
  const score = useMemo<null | StrengthScore>(
    () =>
      checker && deferredPassword
        ? (checker(deferredPassword, inputs).score as StrengthScore)
        : null,
    [checker, deferredPassword, inputs],
  )
  return { loading: enabled && used && checker === null, score }
}
