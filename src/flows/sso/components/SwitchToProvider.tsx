'use client'

import type { CSSProperties } from 'react'

import { usePathname } from 'next/navigation.js'
import { useState } from 'react'

import { useRefusalFromAddress } from '../../../shared/components/client/useRefusalFromAddress.js'

type Props = {
  heading: string
  intro: string
  providers: { href: string; id: string; label: string }[]
  /** Texts of the refusals to show when coming back, by code; null when another section does. */
  refusals: null | Record<string, string>
  status: string
}

const styles = {
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
    listStyle: 'none',
    padding: 0,
  },
  section: { marginBlock: 'calc(var(--base) * 2)', textAlign: 'start' },
} satisfies Record<string, CSSProperties>

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
      className="backoffice-sign-in-method"
      style={styles.section}
    >
      <h3 dir="auto" id="backoffice-sign-in-method">
        {heading}
      </h3>
      <p dir="auto">{status}</p>
      <p dir="auto">{intro}</p>
      <ul style={styles.list}>
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
