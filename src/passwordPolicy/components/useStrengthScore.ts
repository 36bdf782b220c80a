'use client'

import { useDeferredValue, useEffect, useMemo, useState } from 'react'

import type { StrengthScore } from '../strengthLabels.js'

import { loadStrengthChecker, type StrengthChecker } from '../strength/loadStrengthChecker.js'
import { penalisedInputs } from '../strength/penalisedInputs.js'

/**
 * The zxcvbn score of `password`, or `null` while the dictionaries load (or when `enabled` is false,
 * then they are never fetched). The dictionaries arrive through a dynamic import the first time a
 * field mounts, so pages without a new-password field (the login page) never download them.
 * Scoring follows a deferred copy of the value, so typing stays responsive on long inputs.
 */
export const useStrengthScore = (
  password: string,
  userInputs: string[] | undefined,
  enabled: boolean,
) => {
  const [checker, setChecker] = useState<null | StrengthChecker>(null)
  const deferredPassword = useDeferredValue(password)
  const inputsKey = JSON.stringify(userInputs ?? [])

  useEffect(() => {
    if (!enabled || checker) {
      return
    }
    let current = true
    loadStrengthChecker().then(
      (loaded) => current && setChecker(() => loaded),
      // The server still judges the password; the meter stays "not rated".
      (error: unknown) =>
        console.error('payload-backoffice: the password strength check could not load.', error),
    )
    return () => {
      current = false
    }
  }, [checker, enabled])

  const inputs = useMemo(() => penalisedInputs(JSON.parse(inputsKey) as string[]), [inputsKey])
  const score = useMemo<null | StrengthScore>(
    () =>
      checker && deferredPassword
        ? (checker(deferredPassword, inputs).score as StrengthScore)
        : null,
    [checker, deferredPassword, inputs],
  )
  return { loading: enabled && checker === null, score }
}
