'use client'

import type { Ref } from 'react'

import { ChevronIcon } from '@payloadcms/ui'

/**
 * The select's chevron, as Payload draws it (`dropdown-indicator`) but not focusable: Payload's is
 * a `<button>` that react-select marks `aria-hidden`, a focus stop a screen reader cannot name
 * (WCAG 2.2 4.1.2). The menu still opens from the text box, by keyboard, or by a click here.
 */
export const OpenMenuIndicator = ({
  innerProps,
}: {
  innerProps: Record<string, unknown> & { ref?: Ref<HTMLDivElement> }
}) => {
  const { ref, ...rest } = innerProps
  return (
    <div className="dropdown-indicator" ref={typeof ref === 'string' ? null : ref} {...rest}>
      <ChevronIcon className="dropdown-indicator__icon" />
    </div>
  )
}
