import type { PayloadRequest } from 'payload'

import type { TextVariables } from '../i18n/text.js'
import type { BackofficeLanguage, BackofficeTranslationKey } from '../translations/types.js'

import { backofficeText } from '../i18n/text.js'
import { escapeHtml } from '../lib/escapeHtml.js'

/** One of a link page's texts in `language`, as the config words it, escaped for HTML. */
export const linkPageText = (
  req: PayloadRequest,
  language: BackofficeLanguage,
  key: BackofficeTranslationKey,
  variables?: TextVariables,
): string => escapeHtml(backofficeText(req.payload.config, language, key, variables))

/** Whether the link was opened by a browser (else a client wants the JSON answer). */
export const wantsHtml = (req: PayloadRequest): boolean =>
  (req.headers.get('accept') ?? '').includes('text/html')

/**
 * The page a link from an email opens, outside the admin and with no script: the token is in its
 * address, so it sends no referrer, is never cached, and its form posts only back to itself
 * (Content-Security-Policy `form-action 'self'`; OWASP Cheat Sheet "Forgot Password": do not leak the
 * token through the Referer header). `body` is HTML whose texts the caller escaped.
 */
export const linkPage = (
  req: PayloadRequest,
  {
    body,
    language,
    status,
    titleKey,
  }: {
    body: string
    language: BackofficeLanguage
    status: number
    titleKey: BackofficeTranslationKey
  },
): Response =>
  new Response(
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${linkPageText(req, language, titleKey)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;line-height:1.5">${body}</body></html>`,
    {
      headers: {
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
        'content-type': 'text/html; charset=utf-8',
        'referrer-policy': 'no-referrer',
      },
      status,
    },
  )
