import type { Locator, Page } from 'playwright-core'

import { expect } from 'vitest'

/**
 * Waits until React has taken over the element `locator` finds: React hangs the element's props
 * (its event handlers among them) on the DOM node when it hydrates or renders it, and a click on a
 * node the page's script has not reached yet is lost. The condition the next click needs, in place
 * of waiting for the network to fall quiet.
 */
export const untilHydrated = async (locator: Locator, { timeout = 30_000 } = {}) => {
  const element = locator.first()
  // Attached is enough: a hidden file input is driven too, and the next action waits for the rest.
  await element.waitFor({ state: 'attached', timeout })
  await expect
    .poll(
      () =>
        element.evaluate((node) =>
          Object.keys(node).some((key) => key.startsWith('__reactProps$')),
        ),
      { timeout },
    )
    .toBe(true)
}

/**
 * Waits until the admin page has hydrated: Payload's side navigation gets `nav--nav-hydrated` from
 * the effect that also settles whether it is open, so the layout's own effects have run by then.
 */
export const adminHydrated = async (page: Page, { timeout = 30_000 } = {}) => {
  await page.locator('aside.nav.nav--nav-hydrated').waitFor({ state: 'attached', timeout })
}
