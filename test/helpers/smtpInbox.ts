import { type ParsedMail, simpleParser } from 'mailparser'
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

export type ReceivedEmail = { html: string; subject: string; text: string; to: string[] }

/** Waits for the first email matching `match` among those `read()` returns, else fails naming what came. */
const waitForEmail = async (
  read: () => ReceivedEmail[],
  subscribe: (wake: () => void) => () => void,
  match: (email: ReceivedEmail) => boolean,
  timeoutMs: number,
): Promise<ReceivedEmail> => {
  // Monotonic: tests that fake `Date` (an authenticator's time step) still time out.
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const received = read()
    const found = received.find(match)
    if (found) {
      return found
    }
    const left = deadline - performance.now()
    if (left <= 0) {
      const seen = received
        .map((email) => `"${email.subject}" to ${email.to.join(', ')}`)
        .join('; ')
      throw new Error(`No matching email within ${timeoutMs} ms (received: ${seen || 'none'})`)
    }
    await new Promise<void>((resolve) => {
      let unsubscribe = () => {}
      const timer = setTimeout(
        () => {
          unsubscribe()
          resolve()
        },
        Math.min(left, 200),
      )
      unsubscribe = subscribe(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}

/**
 * The emails a browser-test app sent, read from the folder its SMTP server saves them to (the server
 * runs in the test setup process; the tests run in others).
 */
export const mailbox = (mailDir: string) => {
  const read = (): ReceivedEmail[] =>
    readdirSync(mailDir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as ReceivedEmail)
  return {
    read,
    /** The first email matching `match` (now or within `timeoutMs`). */
    waitFor: (match: (email: ReceivedEmail) => boolean, timeoutMs = 15_000) =>
      waitForEmail(read, () => () => {}, match, timeoutMs),
  }
}

/**
 * A real SMTP server on loopback that keeps what it receives, for tests that follow the links in
 * the emails the app sends.
 */
export const startSmtpInbox = async ({ saveTo }: { saveTo?: string } = {}) => {
  const received: ReceivedEmail[] = []
  const waiters: (() => void)[] = []

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const email: ReceivedEmail = {
            html: typeof mail.html === 'string' ? mail.html : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
          }
          received.push(email)
          if (saveTo) {
            // Numbered so a reader sees them in arrival order; written whole, then renamed into view.
            const name = `${String(received.length).padStart(6, '0')}.json`
            writeFileSync(path.join(saveTo, `${name}.tmp`), JSON.stringify(email))
            renameSync(path.join(saveTo, `${name}.tmp`), path.join(saveTo, name))
          }
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
    waitFor: (
      match: (email: ReceivedEmail) => boolean,
      timeoutMs = 10_000,
    ): Promise<ReceivedEmail> =>
      waitForEmail(
        () => received,
        (wake) => {
          waiters.push(wake)
          return () => waiters.splice(waiters.indexOf(wake) >>> 0, 1)
        },
        match,
        timeoutMs,
      ),
  }
}

/** The absolute links in an email's text. */
export const linksIn = (email: ReceivedEmail): string[] =>
  [...`${email.text}\n${email.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0])
