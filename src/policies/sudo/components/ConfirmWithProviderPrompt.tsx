'use client'

import { usePathname } from 'next/navigation.js'
import { useState } from 'react'

import type { ProviderConfirmation } from '../providerConfirmation.js'

import '../../../shared/components/backoffice.css'
import { useRefusalFromAddress } from '../../../shared/components/client/useRefusalFromAddress.js'

type Props = {
  confirmation: ProviderConfirmation
  intro: string
  /** A heading of its own (the account page's section) or none (inline, under a refused action). */
  title?: string
}

/**
 * "Confirm it's you" for an account of a single sign-on provider: it has no password here, so it
 * signs in at its provider again (a fresh authentication) and comes back to this page with its
 * session proved for sudo mode; the action refused before can then be done again. A refusal comes
 * back as `?errorMessage=CODE`, shown as a toast and taken out of the address.
 */
export const ConfirmWithProviderPrompt = ({ confirmation, intro, title }: Props) => {
  const pathname = usePathname()
  const [opening, setOpening] = useState(false)
  const { refusals } = confirmation

  useRefusalFromAddress(refusals)

  return (
    <section
      aria-label={title ? undefined : confirmation.label}
      className="backoffice-confirm-password backoffice-section"
    >
      {title && <h2>{title}</h2>}
      <p>{intro}</p>
      <a
        aria-busy={opening}
        className="btn btn--style-secondary btn--size-medium"
        href={`${confirmation.href}&redirect=${encodeURIComponent(pathname)}`}
        onClick={() => setOpening(true)}
      >
        {confirmation.label}
      </a>
    </section>
  )
}
