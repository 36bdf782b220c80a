'use client'

import type { CSSProperties } from 'react'

import { twoFactorStyles as styles } from './twoFactorStyles.js'

/** The common browsers, each with its brand colour; others get a neutral badge. */
const known: Record<string, { colour: string; letter: string }> = {
  chrome: { colour: '#1a73e8', letter: 'C' },
  edge: { colour: '#0c8484', letter: 'E' },
  firefox: { colour: '#e66000', letter: 'F' },
  safari: { colour: '#006cff', letter: 'S' },
}

const familyOf = (browser: null | string): null | string => {
  const name = (browser ?? '').toLowerCase()
  return Object.keys(known).find((family) => name.includes(family)) ?? null
}

/** A small round badge for the device's browser; decorative, since the name is written beside it. */
export const BrowserIcon = ({ browser }: { browser: null | string }) => {
  const family = familyOf(browser)
  const look = family ? known[family]! : { colour: 'var(--theme-elevation-400)', letter: '?' }
  const style: CSSProperties = { ...styles.deviceIcon, backgroundColor: look.colour, color: '#fff' }
  return (
    <span
      aria-hidden="true"
      className="backoffice-browser-icon"
      data-browser={family ?? 'other'}
      style={style}
    >
      {look.letter}
    </span>
  )
}
