'use client'

import { usePathname } from 'next/navigation.js'
import { useState } from 'react'

import '../../../shared/components/backoffice.css'
import { useRefusalFromAddress } from '../../../shared/components/client/useRefusalFromAddress.js'
import './SwitchToProvider.css'

type Props = {
  heading: string
  intro: string
  providers: { href: string; id: string; label: string }[]
  /** Texts of the refusals to show when coming back, by code; null when another section does. */
  refusals: null | Record<string, string>
  status: string
}

/**
 * The buttons that move the account to another provider: each a navigation to that provider and
 * back to this page. While one is opening, it says so.
 */
export const SwitchToProvider = ({ heading, intro, providers, refusals, status }: Props) => {
  const pathname = usePathname()
  const [opening, setOpening] = useState<null | string>(null)

  useRefusalFromAddress(refusals)

  return (
    <section
      aria-labelledby="backoffice-sign-in-method"
      className="backoffice-sign-in-method backoffice-section"
    >
      <h3 dir="auto" id="backoffice-sign-in-method">
        {heading}
      </h3>
      <p dir="auto">{status}</p>
      <p dir="auto">{intro}</p>
      <ul className="backoffice-sign-in-method__providers">
        {providers.map((provider) => (
          <li key={provider.id}>
            <a
              aria-busy={opening === provider.id}
              className="btn btn--style-secondary btn--size-medium"
              href={`${provider.href}&redirect=${encodeURIComponent(pathname)}`}
              onClick={() => setOpening(provider.id)}
            >
              {provider.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
