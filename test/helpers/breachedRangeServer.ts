import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'

export type BreachedRangeServer = {
  close: () => Promise<void>
  /** How the server answers from now on: normally, never (a hung service) or with a 503. */
  mode: 'down' | 'hang' | 'normal'
  /** The range URL to configure: `${rangeUrl}${prefix}` is asked. */
  rangeUrl: string
  /** Every request received, as the server saw it. */
  requests: { headers: IncomingHttpHeaders; path: string }[]
}

const sha1 = (password: string) =>
  createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase()
const randomSuffix = () => randomBytes(18).toString('hex').slice(0, 35).toUpperCase()

/**
 * A real HTTP server on 127.0.0.1 speaking the k-anonymity range API of Pwned Passwords:
 * `GET /range/{5 hex digits}` answers `SUFFIX:COUNT` lines (CRLF) for every known hash with that
 * prefix, among unrelated entries; with `Add-Padding: true` it adds count-0 padding lines, as the
 * real service does. It knows `breachedPasswords` and nothing else.
 */
export const startBreachedRangeServer = async (
  breachedPasswords: string[],
): Promise<BreachedRangeServer> => {
  const known = new Map(breachedPasswords.map((password, index) => [sha1(password), 1000 + index]))
  const hanging = new Set<ServerResponse>()
  const state: BreachedRangeServer = {
    close: async () => {
      for (const response of hanging) {
        response.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    mode: 'normal',
    rangeUrl: '',
    requests: [],
  }

  const server = createServer((request, response) => {
    state.requests.push({ headers: request.headers, path: request.url ?? '' })
    if (state.mode === 'hang') {
      hanging.add(response)
      return
    }
    const prefix = /^\/range\/([0-9A-F]{5})$/i.exec(request.url ?? '')?.[1]?.toUpperCase()
    if (state.mode === 'down' || !prefix) {
      response.writeHead(state.mode === 'down' ? 503 : 400).end()
      return
    }
    const lines = [...known]
      .filter(([hash]) => hash.startsWith(prefix))
      .map(([hash, count]) => `${hash.slice(5)}:${count}`)
    for (let unrelated = 0; unrelated < 20; unrelated += 1) {
      lines.push(`${randomSuffix()}:${unrelated + 1}`)
    }
    if (request.headers['add-padding'] === 'true') {
      for (let padding = 0; padding < 200; padding += 1) {
        lines.push(`${randomSuffix()}:0`)
      }
    }
    lines.sort()
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') {
    throw new Error('The range server has no port.')
  }
  state.rangeUrl = `http://127.0.0.1:${address.port}/range/`
  return state
}

/** The SHA-1 of a password in upper-case hexadecimal, as the range API uses it. */
export const passwordSha1 = sha1
