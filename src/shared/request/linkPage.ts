import type { PayloadRequest } from 'payload'

import { createHash } from 'node:crypto'

import type { TextVariables } from '../i18n/text.js'
import type { BackofficeLanguage, BackofficeTranslationKey } from '../translations/types.js'

import { isRightToLeft } from '../i18n/direction.js'
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
 * The link page's one confirmation button: a form that posts back to the same link. `label` is
 * escaped HTML (`linkPageText`).
 */
export const linkPageForm = (token: string, label: string): string =>
  `<form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">${label}</button></form>`

/**
 * The admin's look without its script or stylesheet: Payload's system font stack, its light and
 * dark greys, a card on a grey page, its dark primary button. Logical properties only, so a
 * right-to-left page mirrors; at 390 px the card takes the width and the button the card's, at
 * least 44 px high (WCAG 2.2 2.5.8 asks 24 px; 44 px is Apple's and Material's touch target).
 */
const style = `
:root{color-scheme:light dark;--bg:#f3f3f3;--card:#fff;--text:#222;--border:#dcdcdc;--button:#222;--button-text:#fff;--focus:#1f5fd1}
@media (prefers-color-scheme:dark){:root{--bg:#141414;--card:#222;--text:#ececec;--border:#3c3c3c;--button:#ececec;--button-text:#141414;--focus:#8ab4ff}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-block-size:100vh;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Oxygen,Ubuntu,Cantarell,"Helvetica Neue",sans-serif;padding:64px 16px}
main{inline-size:100%;max-inline-size:560px;margin:0 auto;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:32px}
h1{font-size:1.5rem;line-height:1.3;font-weight:600;margin:0 0 16px}
p{margin:0 0 16px;overflow-wrap:anywhere}
form{margin:24px 0 0}
button{font:inherit;font-weight:500;min-block-size:44px;padding:10px 20px;border:0;border-radius:4px;background:var(--button);color:var(--button-text);cursor:pointer}
button:hover{opacity:.85}
button:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
@media (max-width:480px){body{padding:16px 12px}main{padding:24px 20px}button{inline-size:100%}}
`.trim()

/**
 * The stylesheet's hash for the Content-Security-Policy: the page allows this one inline
 * stylesheet and no other style (CSP Level 3, hash-source; no `'unsafe-inline'`).
 */
const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`

/**
 * The page a link from an email opens, outside the admin and with no script: the token is in its
 * address, so it sends no referrer, is never cached, and its form posts only back to itself
 * (Content-Security-Policy `form-action 'self'`; OWASP Cheat Sheet "Forgot Password": do not leak the
 * token through the Referer header). Headed by its title; `body` is HTML whose texts the caller
 * escaped, with no `style` attributes (the policy allows only the page's own stylesheet).
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
): Response => {
  const title = linkPageText(req, language, titleKey)
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr'
  return new Response(
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">` +
      `<meta name="robots" content="noindex"><title>${title}</title><style>${style}</style></head>` +
      `<body><main><h1>${title}</h1>${body}</main></body></html>`,
    {
      headers: {
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; style-src ${styleHash}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
        'content-type': 'text/html; charset=utf-8',
        'referrer-policy': 'no-referrer',
      },
      status,
    },
  )
}
