import type { SanitizedConfig } from 'payload'

import { restHandlers } from './restClient.js'

/**
 * A request as a script sends it: no cookie, no `Origin`, no `Sec-Fetch-Site`, nothing a browser
 * would add. Through the same route handlers the Next app mounts at /api.
 */
export const anonymousRequest = (
  config: SanitizedConfig,
  method: 'GET' | 'POST',
  path: string,
): Promise<Response> => {
  const url = new URL(`/api${path}`, 'http://localhost:3000')
  const slug = url.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
  return restHandlers[method](config)(new Request(url, { method }), {
    params: Promise.resolve({ slug }),
  })
}
