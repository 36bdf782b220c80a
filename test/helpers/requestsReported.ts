import type { Page } from 'playwright-core'

import { randomUUID } from 'node:crypto'

/**
 * Resolves once every request the page has sent so far has been reported to the test's `request`
 * listeners: the page sends one more, a marker, and the browser reports requests in the order they
 * go out. A test proving that a refused form sent nothing reads its list of requests after this,
 * instead of after a pause.
 */
export const requestsReported = async (page: Page): Promise<void> => {
  const marker = `/api/access?requests-reported=${randomUUID()}`
  await Promise.all([
    page.waitForRequest((request) => request.url().endsWith(marker)),
    page.evaluate(
      (url) =>
        fetch(url, { credentials: 'omit' }).then(
          () => undefined,
          () => undefined,
        ),
      marker,
    ),
  ])
}
