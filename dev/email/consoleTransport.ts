import type { Transport } from 'nodemailer'

/**
 * A nodemailer transport that prints each message instead of sending it, so a maintainer without an
 * SMTP server can still follow invitation and password-reset links from the terminal.
 */
export const consoleTransport: Transport = {
  name: 'console',
  version: '1.0.0',
  send(mail, callback) {
    const { html, subject, text, to } = mail.data
    const body = typeof text === 'string' ? text : typeof html === 'string' ? html : ''
    const links = body.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
    const lines = [
      '',
      '┌─ email (not sent: set SMTP_URL to deliver) ─────────────',
      `│ To:      ${Array.isArray(to) ? to.join(', ') : String(to)}`,
      `│ Subject: ${subject ?? ''}`,
      ...(typeof text === 'string'
        ? text
            .trim()
            .split('\n')
            .map((line) => `│ ${line}`)
        : []),
      ...[...new Set(links)].map((link) => `│ Link:    ${link}`),
      '└─────────────────────────────────────────────────────────',
    ]
    console.log(lines.join('\n'))
    callback(null, { envelope: mail.message.getEnvelope(), messageId: mail.message.messageId() })
  },
}
