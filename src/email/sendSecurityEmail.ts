import type { PayloadRequest } from 'payload'

import type { BackofficeLanguage, BackofficeTranslationKey } from '../translations/types.js'

import { backofficeTranslations } from '../translations/index.js'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

const interpolate = (template: string, variables: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => variables[name] ?? placeholder)

/**
 * The language of a security email: the app's default admin language when the plugin ships it, else
 * English. (Not the request's: an automatic suspension is triggered by whoever was guessing.)
 */
export const emailLanguage = (req: PayloadRequest): BackofficeLanguage => {
  const fallback = req.payload.config.i18n.fallbackLanguage as string
  return fallback in backofficeTranslations ? (fallback as BackofficeLanguage) : 'en'
}

/**
 * Sends one security email as text and HTML, from the plugin's translation tables. A failure to send
 * is logged and swallowed: a notification must never undo the security action it reports.
 */
export const sendSecurityEmail = async (
  req: PayloadRequest,
  {
    body,
    subject,
    to,
    variables,
  }: { body: BackofficeTranslationKey; subject: BackofficeTranslationKey; to: string | string[]; variables: Record<string, string> },
): Promise<void> => {
  const table = backofficeTranslations[emailLanguage(req)]
  const text = interpolate(table[body], variables)
  const html = `<p>${interpolate(
    escapeHtml(table[body]),
    Object.fromEntries(
      Object.entries(variables).map(([name, value]) => [
        name,
        /^https?:\/\//.test(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value),
      ]),
    ),
  )}</p>`
  try {
    await req.payload.sendEmail({ html, subject: interpolate(table[subject], variables), text, to })
  } catch (error) {
    req.payload.logger.error({ err: error, msg: `payload-backoffice: failed to send "${subject}"` })
  }
}
