'use client'

import type { KeyboardEvent, Ref } from 'react'

import { XIcon } from '@payloadcms/ui'

import { useVideoTranslation } from './useVideoTranslation.js'

/**
 * The select's clear button, as Payload draws it (`clear-indicator`) but with a name: Payload's
 * own is a `role="button"` with an icon only, which a screen reader announces as "button" and axe
 * reports (WCAG 2.2 4.1.2, name, role, value).
 */
export const ClearSelection = ({
  clearValue,
  innerProps,
}: {
  clearValue: () => void
  innerProps: Record<string, unknown> & { ref?: Ref<HTMLDivElement> }
}) => {
  const t = useVideoTranslation()
  // react-select hides its indicators from assistive technology; this one is named and focusable
  // instead, so it is not hidden (an aria-hidden focus stop is itself a WCAG 4.1.2 failure).
  const { 'aria-hidden': _hidden, ref, ...rest } = innerProps
  return (
    <div
      className="clear-indicator"
      ref={typeof ref === 'string' ? null : ref}
      {...rest}
      aria-label={t('videoSelectClear')}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          clearValue()
          event.stopPropagation()
        }
      }}
      role="button"
      tabIndex={0}
    >
      <XIcon className="clear-indicator__icon" />
    </div>
  )
}
