/** What the length gauge under a meta title or description says about its text. */
export type SeoLengthVerdict = 'almostThere' | 'good' | 'missing' | 'tooLong' | 'tooShort'

export type SeoLengthGauge = {
  /** How full the bar is, from 0 to 1. */
  barWidth: number
  /** The pill's and bar's colour (the SEO plugin's own palette). */
  colour: 'green' | 'orange' | 'orangered' | 'red'
  verdict: SeoLengthVerdict
}

/**
 * Text at 90 % of the minimum or more is "almost there". The SEO plugin 3.90.1
 * asks for more than 90 %, so a 45-character title (exactly 90 % of 50) said "too short"; this gauge
 * counts it as almost there.
 */
const ALMOST_THERE_RATIO = 0.9

/** The gauge for a text of `length` characters that should be `minLength` to `maxLength` long. */
export const seoLengthGauge = (
  length: number,
  minLength: number,
  maxLength: number,
): SeoLengthGauge => {
  if (length <= 0) {
    return { barWidth: 0, colour: 'red', verdict: 'missing' }
  }
  if (length < minLength) {
    const ratio = length / minLength
    return ratio >= ALMOST_THERE_RATIO
      ? { barWidth: ratio, colour: 'orange', verdict: 'almostThere' }
      : { barWidth: ratio, colour: 'orangered', verdict: 'tooShort' }
  }
  if (length <= maxLength) {
    // A range of one length (min = max) is full as soon as it is reached.
    const progress = maxLength > minLength ? (length - minLength) / (maxLength - minLength) : 1
    return { barWidth: progress, colour: 'green', verdict: 'good' }
  }
  return { barWidth: 1, colour: 'red', verdict: 'tooLong' }
}
