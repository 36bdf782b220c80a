import { request } from 'node:http'

export type AddressedResponse = { body: string; headers: Headers; status: number }

/**
 * One HTTP request sent from a chosen loopback address (`127.0.0.N`): what the proxy in front of the
 * app sees as the client's address, so one machine can play many clients. A new connection each
 * time, like clients of their own.
 */
export const fromAddress = (
  localAddress: string,
  url: string,
  {
    body,
    headers = {},
    method = 'GET',
  }: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
): Promise<AddressedResponse> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const sent = request(
      url,
      {
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        localAddress,
        method,
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => {
          const answer = new Headers()
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? '']) {
              answer.append(name, one)
            }
          }
          resolve({ body: text, headers: answer, status: response.statusCode ?? 0 })
        })
      },
    )
    sent.on('error', reject)
    sent.end(payload)
  })

/** The `name=value` pairs of a response's cookies, as a browser would send them back. */
export const cookiesOf = (response: AddressedResponse): string =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ')
