'use client'

import type { CSSProperties } from 'react'

import { toast } from '@payloadcms/ui'
import { usePathname, useRouter, useSearchParams } from 'next/navigation.js'
import { useEffect, useState } from 'react'

type Props = {
  /** The provider's `reauth` start, without `redirect` (added here: back to this very page). */
  href: string
  intro: string
  label: string
  /** The texts of the refusals that can come back from the provider, by catalogue code. */
  refusals: Record<string, string>
  title: string
}

const styles = {
  section: { marginBlock: 'calc(var(--base) * 2)', textAlign: 'start' },
} satisfies Record<string, CSSProperties>

/**
 * "Confirm it's you" for an account of a single sign-on provider: it has no password here, so it
 * signs in at its provider again (a fresh authentication), and comes back to this page with its
 * session proved for sudo mode. A refusal comes back as `?errorMessage=CODE`, shown as a toast.
 */
export const ConfirmWithProviderPrompt = ({ href, intro, label, refusals, title }: Props) => {
  const pathname = usePathname()
  const router = useRouter()
  const searchParams = useSearchParams()
  const [opening, setOpening] = useState(false)

  useEffect(() => {
    const code = searchParams.get('errorMessage')
    if (!code) {
      return
    }
    const text = Object.hasOwn(refusals, code) ? refusals[code] : undefined
    if (text) {
      toast.error(text)
    }
    const rest = new URLSearchParams(searchParams.toString())
    rest.delete('errorMessage')
    router.replace(rest.size ? `${pathname}?${rest}` : pathname)
  }, [pathname, refusals, router, searchParams])

  return (
    <section aria-labelledby="confirm-with-provider" style={styles.section}>
      <h2 id="confirm-with-provider">{title}</h2>
      <p>{intro}</p>
      <a
        aria-busy={opening}
        className="btn btn--style-secondary btn--size-medium"
        href={`${href}&redirect=${encodeURIComponent(pathname)}`}
        onClick={() => setOpening(true)}
      >
        {label}
      </a>
    </section>
  )
}
