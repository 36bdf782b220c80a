import { describe, expect, it } from 'vitest'

import { encodingFailureText } from '../../src/video/lib/encodingFailureText.js'
import { de } from '../../src/video/translations/de.js'
import { en } from '../../src/video/translations/en.js'

/** The admin's `t`, over one language table, with Payload's `{{name}}` interpolation. */
const translatorOf =
  (table: Record<string, string>) =>
  (key: string, variables: Record<string, string> = {}) =>
    table[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? '')

describe('finding 5: what staff read of a failed encoding', () => {
  it('is the failure code’s text with its stage, in the admin’s language', () => {
    const failure = { error: 'VIDEO_SOURCE_UNREADABLE', stage: 'probe' }
    expect(encodingFailureText(failure, translatorOf(en))).toBe(
      'Encoding failed (step: reading the uploaded file): The file could not be read as a video.',
    )
    expect(encodingFailureText(failure, translatorOf(de))).toBe(
      'Kodierung fehlgeschlagen (Schritt: hochgeladene Datei lesen): Die Datei konnte nicht als Video gelesen werden.',
    )
  })

  it('never repeats a stored text it does not know: an earlier version’s ffmpeg output reads as the generic text', () => {
    const legacy = {
      error: 'file:/var/videos/12/source: Invalid data found when processing input',
      stage: 'failed',
    }
    expect(encodingFailureText(legacy, translatorOf(en))).toBe(
      'Encoding failed: The video could not be encoded. The server log has the details.',
    )
  })
})
