import { describe, expect, it } from 'vitest'

import { relativeWait } from '../../src/shared/i18n/relativeWait.js'

describe('relativeWait', () => {
  it('rounds up, in seconds under two minutes, minutes under two hours, then hours', () => {
    expect(
      [0.2, 29.1, 119, 120, 3599, 7199, 7200, 86_400].map((s) => relativeWait(s, 'en')),
    ).toEqual([
      'in 1 second',
      'in 30 seconds',
      'in 119 seconds',
      'in 2 minutes',
      'in 60 minutes',
      'in 120 minutes',
      'in 2 hours',
      'in 24 hours',
    ])
  })

  it("speaks the plugin's languages, and English for the others (whose sentences are English)", () => {
    expect(['de', 'fr', 'nl', 'ar', 'xx'].map((language) => relativeWait(300, language))).toEqual([
      'in 5 Minuten',
      'dans 5 minutes',
      'over 5 minuten',
      'in 5 minutes',
      'in 5 minutes',
    ])
  })
})
