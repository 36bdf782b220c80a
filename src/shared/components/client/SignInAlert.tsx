'use client'

import type { ReactNode } from 'react'

import { Banner, useTranslation } from '@payloadcms/ui'
import { useEffect, useState } from 'react'

import type { BackofficeTranslationKey } from '../../translations/types.js'
import type { BackofficeAnswer } from './backofficeFetch.js'

import { relativeWait } from '../../i18n/relativeWait.js'
import { useBackofficeTranslation } from './useBackofficeTranslation.js'
import './SignInAlert.css'

/** A refusal shown above a sign-in form until the next attempt. */
export type SignInRefusal = {
  /** The catalogue code the server sent, when it sent one. */
  code?: string
  /** The server's sentence (or the client's, for a network failure) in the admin's language. */
  message: string
  /** The seconds the answer's `Retry-After` asked to wait, counted from `shownAt`. */
  retryAfter?: number
  shownAt: number
}

/** The refusal of an answer that was not ok, told as `message` (what the form makes of it). */
export const refusalOf = (answer: BackofficeAnswer, message: string): SignInRefusal => ({
  code: answer.code,
  message,
  retryAfter: answer.retryAfter,
  shownAt: Date.now(),
})

/**
 * The refusals that carry a wait, told in the page's own words ("Sign in", not the API's "Login")
 * with a wait that counts down, and then that it is over. Each code keeps its catalogue meaning; the
 * sentence says no more than the server's did (the same for an unknown email as for a known one).
 */
const waits: Record<
  string,
  {
    counting: BackofficeTranslationKey
    later?: BackofficeTranslationKey
    over: BackofficeTranslationKey
  }
> = {
  LOGIN_TEMPORARILY_BLOCKED: {
    counting: 'signInBlockedFor',
    later: 'signInBlocked',
    over: 'signInBlockedOver',
  },
  TOTP_RATE_LIMITED: { counting: 'twoFactorCodesBlockedFor', over: 'twoFactorCodesBlockedOver' },
}

/** `now` is the last tick, which may predate a refusal shown since: the wait starts at its own time. */
const secondsLeft = (refusal: SignInRefusal, now: number): number =>
  Math.max(
    0,
    Math.ceil(
      (refusal.retryAfter ?? 0) - (Math.max(now, refusal.shownAt) - refusal.shownAt) / 1000,
    ),
  )

type Props = {
  /** For the form's `aria-describedby`. */
  id: string
  refusal: null | SignInRefusal
}

/**
 * A sign-in refusal above the form, in Payload's error banner, where GitHub and Google keep theirs:
 * it stays until the next attempt, unlike a toast in a corner. The region is on the page before a
 * refusal arrives, so screen readers announce what is put into it (WAI-ARIA 1.2, `alert`); a wait
 * ticks once a second in a part that is not announced on every tick (`aria-live="off"`), and its end
 * is announced. `dir="auto"` keeps a sentence's own direction in a right-to-left admin (UAX #9).
 */
export const SignInAlert = ({ id, refusal }: Props) => {
  const t = useBackofficeTranslation()
  const { i18n } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  const wait = refusal?.code ? waits[refusal.code] : undefined
  const counting = wait !== undefined && refusal?.retryAfter !== undefined

  useEffect(() => {
    if (!counting || !refusal) {
      return
    }
    const timer = setInterval(() => {
      const at = Date.now()
      setNow(at)
      if (secondsLeft(refusal, at) === 0) {
        clearInterval(timer)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [counting, refusal])

  let sentence: null | ReactNode = null
  if (refusal) {
    if (counting && wait && refusal.retryAfter !== undefined) {
      const left = secondsLeft(refusal, now)
      sentence =
        left > 0 ? (
          <span aria-live="off" data-sign-in-wait={left}>
            {t(wait.counting, { when: relativeWait(left, i18n.language) })}
          </span>
        ) : (
          <span data-sign-in-wait={0}>{t(wait.over)}</span>
        )
    } else {
      sentence = wait?.later ? t(wait.later) : refusal.message
    }
  }

  return (
    <div className="backoffice-sign-in-alert" data-code={refusal?.code} id={id} role="alert">
      {sentence === null ? null : (
        <Banner type="error">
          <span dir="auto">{sentence}</span>
        </Banner>
      )}
    </div>
  )
}
