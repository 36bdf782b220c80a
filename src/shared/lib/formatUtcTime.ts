/**
 * A moment as people of `language` write a date and time, in UTC and saying so: an email cannot know
 * its reader's zone, and UTC is the one zone the server can name for every reader.
 */
export const formatUtcTime = (language: string, moment: Date): string =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(moment)} UTC`
