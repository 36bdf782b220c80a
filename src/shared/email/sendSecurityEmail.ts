import type { PayloadRequest, SanitizedConfig } from 'payload'

import type { BackofficeLanguage, BackofficeTranslationKey } from '../translations/types.js'

import { backofficeText } from '../i18n/text.js'
import { escapeHtml } from '../lib/escapeHtml.js'
import { interpolate } from '../lib/interpolate.js'

/** An absolute link into the admin, from the server URL (emails are read outside the app). */
export const adminURL = (req: PayloadRequest, path: string): string => {
  const { routes, serverURL } = req.payload.config
  return `${serverURL}${routes.admin === '/' ? '' : routes.admin}${path}`
}

export type SecurityEmail = {
  /** A button under the text, with the link also written out for clients that show no HTML. */
  action?: { label: BackofficeTranslationKey; url: string }
  body: BackofficeTranslationKey
  /** A second paragraph after the body: what the button below does, when it is not the body's subject. */
  footer?: BackofficeTranslationKey
  /** The recipient's language (see `recipientLanguage`). */
  language: BackofficeLanguage
  subject: BackofficeTranslationKey
  to: string | string[]
  /**
   * Values for `{{name}}` placeholders, always shown as text: some are typed by a user (a reset
   * request's reason), and a link made from them would put an attacker's URL in a genuine security
   * email. The only link is `action`, built by the server.
   */
  variables: Record<string, string>
}

/**
 * The message as text and as HTML: the same words, the HTML escaped and laid out for reading (a
 * text's line breaks kept, for lists of facts). The
 * words are the config's, so the app's translation overrides reach its emails too.
 */
const renderSecurityEmail = (
  config: Pick<SanitizedConfig, 'custom' | 'i18n'>,
  { action, body, footer, language, subject, variables }: Omit<SecurityEmail, 'to'>,
) => {
  const text = (key: BackofficeTranslationKey) => backofficeText(config, language, key)
  const title = interpolate(text(subject), variables)
  const plain = [
    interpolate(text(body), variables),
    footer ? interpolate(text(footer), variables) : '',
    action ? `${text(action.label)}: ${action.url}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
  const escapedVariables = Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name, escapeHtml(value)]),
  )
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#222;border-radius:4px;color:#fff;display:inline-block;padding:10px 18px;text-decoration:none">${escapeHtml(text(action.label))}</a></p>` +
      `<p style="color:#555;font-size:13px;word-break:break-all">${escapeHtml(action.url)}</p>`
    : ''
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">` +
    `<p style="white-space:pre-line">${interpolate(escapeHtml(text(body)), escapedVariables)}</p>` +
    (footer ? `<p>${interpolate(escapeHtml(text(footer)), escapedVariables)}</p>` : '') +
    `${button}</body></html>`
  return { html, subject: title, text: plain }
}

/**
 * Sends one account or security email as text and HTML, in the recipient's language, from the
 * plugin's texts as merged into the config. A failure to send is logged and swallowed: a
 * notification must never undo the action it reports. Flows whose whole point is the email
 * (invitations) check `sent`.
 */
export const sendSecurityEmail = async (
  req: PayloadRequest,
  email: SecurityEmail,
): Promise<{ sent: boolean }> => {
  const message = renderSecurityEmail(req.payload.config, email)
  try {
    await req.payload.sendEmail({ ...message, to: email.to })
    return { sent: true }
  } catch (error) {
    req.payload.logger.error({
      err: error,
      msg: `payload-backoffice: failed to send "${email.subject}"`,
    })
    return { sent: false }
  }
}
