import type { SanitizedConfig } from 'payload'

import {
  GRAPHQL_POST,
  REST_DELETE,
  REST_GET,
  REST_PATCH,
  REST_POST,
  REST_PUT,
} from '@payloadcms/next/routes'

import type { Json } from './json.js'

import { CookieJar } from './cookieJar.js'

type Method = keyof typeof restHandlers

/** The REST route handlers the app mounts at /api, by method. */
export const restHandlers = {
  DELETE: REST_DELETE,
  GET: REST_GET,
  PATCH: REST_PATCH,
  POST: REST_POST,
  PUT: REST_PUT,
}

export type RestResponse<T = Json> = { body: T; headers: Headers; status: number }

/**
 * Sends real `Request` objects through the same route handlers the Next app mounts at `/api`, with a
 * cookie jar that keeps and sends each cookie by its path as a browser does (see CookieJar) and the
 * origin headers of a browser on the admin's page: what a test sees is what that browser would.
 * Pass other headers to play a cross-site or non-browser client. A body goes as JSON, as it is
 * when a string, and as multipart when FormData (an upload collection's create).
 */
export class RestClient {
  readonly cookies = new CookieJar()

  constructor(private readonly config: Promise<SanitizedConfig> | SanitizedConfig) {}

  async request<T = Json>(
    method: Method,
    path: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<RestResponse<T>> {
    const url = new URL(`/api${path}`, 'http://localhost:3000')
    // What a browser on the admin's own origin sends: Payload accepts its cookie only from there.
    const requestHeaders = new Headers({ 'sec-fetch-site': 'same-origin' })
    if (method !== 'GET') {
      requestHeaders.set('origin', url.origin)
    }
    new Headers(headers).forEach((value, name) => requestHeaders.set(name, value))
    // A FormData body sets its own multipart content type, boundary included.
    if (body !== undefined && typeof body !== 'string' && !(body instanceof FormData)) {
      requestHeaders.set('content-type', 'application/json')
    }
    const cookie = this.cookies.header(url.pathname)
    if (cookie) {
      requestHeaders.set('cookie', cookie)
    }
    const request = new Request(url, {
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof FormData
            ? body
            : JSON.stringify(body),
      headers: requestHeaders,
      method,
    })
    const slug = url.pathname
      .replace(/^\/api\/?/, '')
      .split('/')
      .filter(Boolean)
    // The app mounts GraphQL at its own route, /api/graphql, beside the REST catch-all.
    const response =
      path === '/graphql' && method === 'POST'
        ? await GRAPHQL_POST(this.config)(request)
        : await restHandlers[method](this.config)(request, { params: Promise.resolve({ slug }) })

    for (const setCookie of response.headers.getSetCookie()) {
      this.cookies.receive(setCookie, url.pathname)
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: keep the text.
    }
    return { body: parsed as T, headers: response.headers, status: response.status }
  }

  get<T = Json>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers })
  }

  post<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { body, headers })
  }
}
