/** One stored cookie: the jar tells cookies apart by name and path, as a browser does on one host. */
export type StoredCookie = { name: string; path: string; value: string }

/**
 * The cookie's default path when `Set-Cookie` names none, or none that starts with "/": the request
 * path up to its right-most "/" (RFC 6265 §5.1.4).
 */
const defaultPath = (requestPath: string): string => {
  if (!requestPath.startsWith('/')) {
    return '/'
  }
  const last = requestPath.lastIndexOf('/')
  return last <= 0 ? '/' : requestPath.slice(0, last)
}

/**
 * Whether a cookie of `cookiePath` goes with a request to `requestPath` (RFC 6265 §5.1.4,
 * "path-match"): a cookie at `/api/users` goes to `/api/users/login`, never to `/api/admin/…` nor to
 * `/api/usersX`.
 */
const pathMatches = (requestPath: string, cookiePath: string): boolean =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) &&
    (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'))

/**
 * The cookies of one browser on the app's one host, kept and sent as a browser keeps and sends
 * them: each by name and path (a second `Set-Cookie` of the same name at another path is another
 * cookie), sent only to requests whose path it path-matches, longest path first (RFC 6265 §5.3,
 * §5.4), and dropped by an `Expires` in the past or a `Max-Age` of zero or less. A client that sends
 * every cookie everywhere would hide a cookie whose path keeps it from a route that reads it.
 *
 * Read and changed by name as a `Map` is, for tests that copy or tamper with one cookie: `get`
 * answers the value of the name's cookie at the longest path (the one a browser sends first), and
 * `set` replaces that cookie's value, or adds one at `/`.
 */
export class CookieJar implements Iterable<[string, string]> {
  readonly #cookies: StoredCookie[] = []

  /** The cookies of `name`, longest path first. */
  #named(name: string): StoredCookie[] {
    return this.#cookies
      .filter((cookie) => cookie.name === name)
      .sort((a, b) => b.path.length - a.path.length)
  }

  get size(): number {
    return new Set(this.#cookies.map((cookie) => cookie.name)).size
  }

  get(name: string): string | undefined {
    return this.#named(name)[0]?.value
  }

  has(name: string): boolean {
    return this.#named(name).length > 0
  }

  /** Replaces the value of `name`'s cookie at `path` (by default its longest, else `/`). */
  set(name: string, value: string, path = this.#named(name)[0]?.path ?? '/'): this {
    this.delete(name, path)
    this.#cookies.push({ name, path, value })
    return this
  }

  /** Forgets `name`'s cookie at `path`, or at every path when none is given. */
  delete(name: string, path?: string): boolean {
    const before = this.#cookies.length
    const kept = this.#cookies.filter(
      (cookie) => cookie.name !== name || (path !== undefined && cookie.path !== path),
    )
    this.#cookies.splice(0, this.#cookies.length, ...kept)
    return kept.length < before
  }

  keys(): IterableIterator<string> {
    return new Set(this.#cookies.map((cookie) => cookie.name)).values()
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of this.keys()) {
      yield [name, this.get(name)!]
    }
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries()
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.entries()) {
      callback(value, name)
    }
  }

  /** Every cookie held, with its path: two of one name at two paths are two entries. */
  all(): StoredCookie[] {
    return this.#cookies.map((cookie) => ({ ...cookie }))
  }

  /** Takes a copy of every cookie `other` holds, paths kept (a stolen cookie store). */
  adopt(other: CookieJar): this {
    for (const cookie of other.all()) {
      this.set(cookie.name, cookie.value, cookie.path)
    }
    return this
  }

  /** The `Cookie` header a browser sends with a request to `requestPath`, or undefined for none. */
  header(requestPath: string): string | undefined {
    const sent = this.#cookies
      .filter((cookie) => pathMatches(requestPath, cookie.path))
      .sort((a, b) => b.path.length - a.path.length)
    return sent.length > 0
      ? sent.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined
  }

  /** Stores (or, expired or emptied, removes) the cookie of one `Set-Cookie` answered to `requestPath`. */
  receive(setCookie: string, requestPath: string): void {
    const [pair = '', ...attributes] = setCookie.split(';')
    const separator = pair.indexOf('=')
    const name = pair.slice(0, separator).trim()
    const value = pair.slice(separator + 1).trim()
    let path = defaultPath(requestPath)
    let expires: number | undefined
    let maxAge: number | undefined
    for (const attribute of attributes) {
      const [key = '', ...rest] = attribute.split('=')
      const given = rest.join('=').trim()
      switch (key.trim().toLowerCase()) {
        case 'expires':
          expires = Date.parse(given)
          break
        case 'max-age':
          maxAge = Number(given)
          break
        case 'path':
          // An empty or relative Path is ignored: the default path stands (RFC 6265 §5.2.4).
          path = given.startsWith('/') ? given : defaultPath(requestPath)
          break
      }
    }
    if (!name) {
      return
    }
    // Max-Age wins over Expires (RFC 6265 §5.3, step 3).
    const expired =
      value === '' || (maxAge !== undefined ? maxAge <= 0 : (expires ?? Infinity) <= Date.now())
    if (expired) {
      this.delete(name, path)
    } else {
      this.set(name, value, path)
    }
  }
}
