/**
 * The slug of a title, as the video's `slug` field expects it: lower-cases, replaces spaces with dashes and strips non-word
 * characters. Runs of dashes are folded and dashes trimmed from the ends, so "  My  clip! " gives
 * "my-clip" rather than "-my--clip-".
 */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
