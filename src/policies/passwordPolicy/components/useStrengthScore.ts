'use client'

import { useConfig, useTranslation } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'
import { useEffect, useState } from 'react'

import type { StrengthScore } from '../strengthLabels.js'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/** zxcvbn's feedback on a password, in the admin's language: why it is weak and what would help. */
export type StrengthFeedback = { suggestions: string[]; warning: null | string }

type Judged = StrengthFeedback & { password: string; score: StrengthScore }

/**
 * How long the meter waits after a keystroke before asking: a person typing steadily sends one
 * check per pause rather than per character, and the answer (a loopback round trip and the
 * server's zxcvbn, tens of milliseconds) still comes well within 300 ms of the last keystroke.
 */
const strengthCheckDelayMs = 120

/**
 * The zxcvbn score of `password` and zxcvbn's feedback, from the server (`POST
 * /api/{users}/password-strength`), which judges with the same checker it enforces at the save: the
 * browser downloads no word lists. Asked `strengthCheckDelayMs` after the last keystroke; an answer
 * for a value since changed is dropped (its request cancelled).
 *
 * `score` is the current value's, or `null` until its answer arrives (so a rule on the strength is
 * never met early); `shown` is the latest answer, which the meter keeps while the next is on its way
 * so that it does not flicker at every keystroke. `loading` is true only before the first answer
 * for a non-empty value. A check that fails (the limit, the network) leaves the meter "not rated":
 * the server still judges the password at the save.
 */
export const useStrengthScore = (
  password: string,
  userInputs: string[] | undefined,
  enabled: boolean,
) => {
  const { i18n } = useTranslation()
  const t = useBackofficeTranslation()
  const {
    config: {
      admin: { user: usersCollection },
      routes: { api: apiRoute },
      serverURL,
    },
  } = useConfig()
  const [judged, setJudged] = useState<Judged | null>(null)
  const [failedFor, setFailedFor] = useState<null | string>(null)
  const inputsKey = JSON.stringify(userInputs ?? [])
  const used = enabled && password !== ''
  // An emptied field forgets the last answer, so the next value never shows another's feedback;
  // reset in the render that sees it, React's way for state that follows a value.
  if (!used && judged !== null) {
    setJudged(null)
  }

  useEffect(() => {
    if (!used) {
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      void callBackoffice(
        formatAdminURL({ apiRoute, path: `/${usersCollection}/password-strength`, serverURL }),
        {
          body: { password, userInputs: JSON.parse(inputsKey) as string[] },
          language: i18n.language,
          signal: controller.signal,
          t,
        },
      ).then((answer) => {
        if (controller.signal.aborted) {
          return
        }
        if (!answer.ok) {
          setFailedFor(password)
          return
        }
        const body = answer.body as { score: StrengthScore } & StrengthFeedback
        setJudged({
          password,
          score: body.score,
          suggestions: body.suggestions,
          warning: body.warning,
        })
      })
    }, strengthCheckDelayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [apiRoute, i18n.language, inputsKey, password, serverURL, t, used, usersCollection])

  const shown = used ? judged : null
  return {
    loading: used && shown === null && failedFor !== password,
    score: shown && shown.password === password ? shown.score : null,
    shown,
  }
}
