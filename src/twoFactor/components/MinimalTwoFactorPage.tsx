import type { ReactNode } from 'react'

/**
 * Payload renders custom views bare; this is the markup of its minimal template, so the two-factor
 * pages look like the sign-in page.
 */
export const MinimalTwoFactorPage = ({
  children,
  className,
}: {
  children: ReactNode
  className: string
}) => (
  <section className={`${className} template-minimal template-minimal--width-normal`}>
    <div className="template-minimal__wrap">{children}</div>
  </section>
)
