'use client'

import { siFirefoxbrowser, siGooglechrome, siSafari } from 'simple-icons'

import { cssVariables } from '../../../shared/components/cssVariables.js'
import './BrowserIcon.css'

/**
 * The common browsers' logos from Simple Icons (CC0), named one by one so the bundle carries three
 * paths rather than the whole set. Edge has none there (Microsoft's logo was removed at its request),
 * so it keeps a letter badge in its colour, as does any other browser.
 */
const logos: Record<string, { hex: string; path: string }> = {
  chrome: siGooglechrome,
  firefox: siFirefoxbrowser,
  safari: siSafari,
}
const letters: Record<string, { colour: string; letter: string }> = {
  edge: { colour: '#0c8484', letter: 'E' },
}

// ua-parser-js names them "Chrome", "Chrome Headless", "Mobile Safari", "Firefox Focus"…: matched by family.
const familyOf = (browser: null | string): null | string => {
  const name = (browser ?? '').toLowerCase()
  return (
    [...Object.keys(logos), ...Object.keys(letters)].find((family) => name.includes(family)) ?? null
  )
}

/** The device's browser as an icon; decorative (hidden from assistive technology), since the name is written beside it. */
export const BrowserIcon = ({ browser }: { browser: null | string }) => {
  const family = familyOf(browser)
  const logo = family ? logos[family] : undefined
  if (logo) {
    return (
      <svg
        aria-hidden="true"
        className="backoffice-browser-icon"
        data-browser={family}
        fill={`#${logo.hex}`}
        focusable="false"
        viewBox="0 0 24 24"
        xmlns="http://www.w3.org/2000/svg"
      >
        <path d={logo.path} />
      </svg>
    )
  }
  const look = (family ? letters[family] : undefined) ?? {
    colour: 'var(--theme-elevation-400)',
    letter: '?',
  }
  return (
    <span
      aria-hidden="true"
      className="backoffice-browser-icon backoffice-browser-icon--letter"
      data-browser={family ?? 'other'}
      style={cssVariables({ '--backoffice-browser-icon-colour': look.colour })}
    >
      {look.letter}
    </span>
  )
}
