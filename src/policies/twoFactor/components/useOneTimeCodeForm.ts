'use client'

import type { FormEvent } from 'react'

import { useSearchParams } from 'next/navigation.js'
import { useEffect, useRef, useState } from 'react'

import type { BackofficeAnswer } from '../../../shared/components/client/backofficeFetch.js'

import { afterSignIn } from '../../../shared/components/client/loginOutcome.js'
import { continueSignedIn } from '../../../shared/components/client/PendingToast.js'
import { refusalOf, type SignInRefusal } from '../../../shared/components/client/SignInAlert.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'
import { totpParameters } from '../constants.js'
import { retryDelayMs } from './retryDelay.js'

type Options = {
  adminRoute: string
  /**
   * Whether what is typed is a whole code: by default the authenticator app's six digits, which are
   * sent as soon as the last one is typed. With another test (a recovery code, whose length varies),
   * the code goes only with the button or Enter.
   */
  isComplete?: (code: string) => boolean
  /**
   * Told of an accepted code first: true when it has taken over what comes next (enrolment's
   * recovery codes step), so the form does not move on by itself.
   */
  onAccepted?: (answer: BackofficeAnswer) => boolean
  /** What to do after a refusal has been shown (above the form), e.g. go where the answer says. */
  onRefused?: (answer: BackofficeAnswer) => void
  /** Sends a complete code to the server. */
  send: (code: string) => Promise<BackofficeAnswer>
  /**
   * Shown on the page the accepted code leads to: a text, or `fromAnswer`, the answer's own
   * `message` (a recovery code's answer says how many codes remain).
   */
  successMessage?: 'fromAnswer' | string
  /** Where an accepted code leads instead of where the sign-in was headed. */
  successTarget?: string
}

/**
 * What the code prompt and enrolment share: the code as typed, sent by itself once its last digit
 * is typed or pasted (`change`), or with the form's button or Enter (`submit`) for whoever prefers
 * the keyboard, only one at a time whichever comes first; after a refusal its message (`refusal`, for a
 * `SignInAlert` above the form, until the next attempt), an empty field
 * and a wait before the next try (a wrong code costs a few seconds); the focus back on the field once
 * it can be typed in again; and, once the code is accepted, where the sign-in was headed.
 */
const sixDigits = (code: string) => code.length === totpParameters.digits

export const useOneTimeCodeForm = ({
  adminRoute,
  isComplete,
  onAccepted,
  onRefused,
  send,
  successMessage,
  successTarget,
}: Options) => {
  const t = useBackofficeTranslation()
  const redirect = useSearchParams().get('redirect')
  const [code, setCode] = useState('')
  // `sending` while the request runs; `waiting` for the retry delay after a refused code.
  const [phase, setPhase] = useState<'idle' | 'sending' | 'waiting'>('idle')
  const [refusal, setRefusal] = useState<null | SignInRefusal>(null)
  const busy = phase !== 'idle'
  const completeCode = isComplete ?? sixDigits
  const complete = completeCode(code)
  const codeInput = useRef<HTMLInputElement>(null)
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Set at once, unlike `phase`, whose new value a second event in the same render (a pasted code,
  // then Enter) would not see yet: a code is never sent twice.
  const sending = useRef(false)

  useEffect(() => () => clearTimeout(retry.current), [])

  // Back to the code once it can be typed again (a disabled field loses the focus).
  useEffect(() => {
    if (phase === 'idle') {
      codeInput.current?.focus()
    }
  }, [phase])

  const attempt = async (value: string) => {
    if (busy || sending.current || !completeCode(value)) {
      return
    }
    sending.current = true
    setPhase('sending')
    setRefusal(null)
    const answer = await send(value)
    if (answer.ok) {
      if (onAccepted?.(answer)) {
        return
      }
      const answered = (answer.body as { message?: unknown } | null)?.message
      continueSignedIn(
        successTarget ?? afterSignIn(adminRoute, redirect),
        successMessage !== 'fromAnswer'
          ? successMessage
          : typeof answered === 'string'
            ? answered
            : undefined,
      )
      return
    }
    setRefusal(
      refusalOf(
        answer,
        answer.message ?? t('loginBackendProblem', { status: String(answer.status) }),
      ),
    )
    setCode('')
    setPhase('waiting')
    // A wrong code costs a few seconds before the next one (slows guessing, and stops a double submit).
    retry.current = setTimeout(() => {
      sending.current = false
      setPhase('idle')
    }, retryDelayMs)
    onRefused?.(answer)
  }

  /** The field's `onChange`: the code as typed, sent as soon as its six digits are there. */
  const change = (value: string) => {
    setCode(value)
    if (!isComplete && sixDigits(value)) {
      void attempt(value)
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void attempt(code)
  }

  return { busy, change, code, codeInput, complete, phase, redirect, refusal, submit }
}
