/**
 * How the admin's components call the plugin's endpoints (and Payload's own, which answer failures
 * in the same shape): one place for the session cookie, the admin's language, JSON and reading
 * `{ errors: [{ message, data: { code } }] }`, so that no component parses an answer by hand.
 */

type Translate = (key: 'loginNetworkError', variables: Record<string, string>) => string

export type CallOptions = {
  /** Sent as JSON. */
  body?: unknown
  cache?: RequestCache
  /** The admin's language (`i18n.language`), for the server's messages. */
  language?: string
  /** GET without a body, POST with one; PUT when asked (the video plugin's upload request). */
  method?: 'GET' | 'POST' | 'PUT'
  /** Cancels the request (an answer no longer wanted); it then ends as a network failure would. */
  signal?: AbortSignal
  /** The admin's translation, for the network-error message. */
  t: Translate
}

/** What a call came back with; see `unanswered` for a call that got no answer at all. */
export type BackofficeAnswer = {
  /** The answer's JSON; null when there was none or it was not JSON. */
  body: unknown
  /** The failure's stable code (`errors[0].data.code`), for components that react to one failure. */
  code: string | undefined
  /** The failure's text in the admin's language: the server's first error, or the network error. */
  message: string | undefined
  ok: boolean
  /** The seconds a refusal's `Retry-After` asks to wait. */
  retryAfter: number | undefined
  status: number
}

/** A call that got no answer (a network failure): status 0, and the network error as its message. */
export const unanswered = (
  answer: BackofficeAnswer,
): answer is BackofficeAnswer & { message: string; ok: false; status: 0 } => answer.status === 0

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** The first error of a Payload error answer: its message and its code, each when there is one. */
export const errorOf = (
  body: unknown,
): { code: string | undefined; message: string | undefined } => {
  const first = (body as { errors?: unknown } | null)?.errors
  const error = (Array.isArray(first) ? first[0] : undefined) as
    { data?: { code?: unknown }; message?: unknown } | undefined
  return { code: nonEmptyString(error?.data?.code), message: nonEmptyString(error?.message) }
}

/** The first server message of an error answer, else `fallback`. */
export const errorMessageOf = (body: unknown, fallback: string): string =>
  errorOf(body).message ?? fallback

/** The message for a request that never got an answer. */
export const networkErrorMessage = (error: unknown, t: Translate): string =>
  t('loginNetworkError', { detail: error instanceof Error ? error.message : String(error) })

// The plugin sends a number of seconds; an HTTP date would need the server's clock, so it is ignored.
const secondsOf = (header: null | string): number | undefined =>
  header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined

/**
 * Calls `url` with the session cookie, `body` as JSON (a POST unless `method` says otherwise) and
 * the admin's `language`, so the server's messages come back in it. Never throws: a network failure
 * is an answer with status 0 whose message says so in the admin's language (`t`).
 */
export const callBackoffice = async (
  url: string,
  { body, cache, language, method = body === undefined ? 'GET' : 'POST', signal, t }: CallOptions,
): Promise<BackofficeAnswer> => {
  const headers: Record<string, string> = {}
  if (language) {
    headers['Accept-Language'] = language
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
  }
  let response: Response
  try {
    response = await fetch(url, {
      body: body === undefined ? undefined : JSON.stringify(body),
      cache,
      credentials: 'include',
      headers,
      method,
      signal,
    })
  } catch (error) {
    return {
      body: null,
      code: undefined,
      message: networkErrorMessage(error, t),
      ok: false,
      retryAfter: undefined,
      status: 0,
    }
  }
  const json: unknown = await response.json().catch(() => null)
  const { code, message } = response.ok ? { code: undefined, message: undefined } : errorOf(json)
  return {
    body: json,
    code,
    message,
    ok: response.ok,
    retryAfter: secondsOf(response.headers.get('Retry-After')),
    status: response.status,
  }
}
