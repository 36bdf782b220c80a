import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedEmail = { html: string; subject: string; text: string; to: string[] }

/**
 * A real SMTP server on loopback that keeps what it receives, for tests that follow the links in
 * the emails the app sends.
 */
export const startSmtpInbox = async () => {
  const received: ReceivedEmail[] = []
  const waiters: (() => void)[] = []

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          received.push({
            html: typeof mail.html === 'string' ? mail.html : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          })
          waiters.splice(0).forEach((wake) => wake())
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }

  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    received,
    url: `smtp://127.0.0.1:${port}`,
    /** The first email matching `match` (now or within `timeoutMs`), else an error naming what came. */
    async waitFor(match: (email: ReceivedEmail) => boolean, timeoutMs = 10_000): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find(match)
        if (found) {
          return found
        }
        const left = deadline - Date.now()
        if (left <= 0) {
          const seen = received.map((email) => `"${email.subject}" to ${email.to.join(', ')}`).join('; ')
          throw new Error(`No matching email within ${timeoutMs} ms (received: ${seen || 'none'})`)
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
  }
}

/** The absolute links in an email's text. */
export const linksIn = (email: ReceivedEmail): string[] =>
  [...`${email.text}\n${email.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0])
