import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core'

const which = (command: string): string | undefined => {
  try {
    return execFileSync('which', [command], { encoding: 'utf8' }).trim() || undefined
  } catch {
    return undefined
  }
}

/**
 * The system's Chromium: `CHROMIUM_PATH`, else the first of chromium, chromium-browser or
 * google-chrome on PATH. Browser tests never skip silently: without one, they fail and say why.
 */
export const findChromium = (): string => {
  const found =
    process.env.CHROMIUM_PATH ??
    which('chromium') ??
    which('chromium-browser') ??
    which('google-chrome')
  if (!found || !existsSync(found)) {
    throw new Error(
      'Chromium was not found. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    )
  }
  return found
}

/** Flags for a headless Chromium on a closed network (no background calls home) running as root. */
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * The test process's one Chromium, launched on first use. Playwright ends a browser it launched
 * when the process that launched it exits (its exit and signal handlers), so a test file's worker
 * leaves no Chromium behind; a browser that crashed or was closed is launched again on next use.
 */
let sharedBrowser: Promise<Browser> | undefined

const theBrowser = (): Promise<Browser> => {
  if (!sharedBrowser) {
    const launching = chromium.launch({
      args: chromiumFlags,
      executablePath: findChromium(),
      headless: true,
    })
    sharedBrowser = launching
    launching.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (sharedBrowser === launching) {
            sharedBrowser = undefined
          }
        }),
      () => {
        if (sharedBrowser === launching) {
          sharedBrowser = undefined
        }
      },
    )
  }
  return sharedBrowser
}

/**
 * A fresh browser profile (no cookies, no storage), like a first visit: a new context in the test
 * process's one Chromium (a Chromium of its own per profile cost 6.7 s of CPU against 1.9 s for
 * a context, issue 36). Closing it closes that profile only. `bypassCSP` lets axe-core's script into a page whose Content-Security-Policy
 * allows no script at all (the plugin's own plain pages). `ignoreHTTPSErrors` accepts the demo
 * OpenID provider's certificate, self-signed for the run (see test/setup/browserApp.ts): the only
 * https origin the browser tests visit.
 */
export const launchBrowser = async ({
  bypassCSP = false,
  ignoreHTTPSErrors = false,
  locale = 'en-US',
  timezoneId,
}: {
  bypassCSP?: boolean
  ignoreHTTPSErrors?: boolean
  locale?: string
  /** The browser's time zone (IANA name); the machine's when not given. */
  timezoneId?: string
} = {}): Promise<BrowserContext> =>
  (await theBrowser()).newContext({
    bypassCSP,
    ignoreHTTPSErrors,
    locale,
    timezoneId,
    viewport: { height: 900, width: 1440 },
  })

const screenshotDir = path.resolve('test-results/screenshots')

/** Keeps what the page shows as a test artefact in test-results/screenshots. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(screenshotDir, { recursive: true })
  const file = path.join(screenshotDir, `${name}.png`)
  await page.screenshot({ fullPage: true, path: file })
  return file
}

/**
 * Whether the element is live: on a page React renders (Next's scripts are on it), React has
 * hydrated the element (it keeps its props on the element then); a page without them (the
 * plugin's plain pages) is live as soon as it is shown.
 */
const isLive = (element: Element): boolean =>
  !(
    'next' in window ||
    '__next_f' in window ||
    document.querySelector('script[src*="/_next/"]') !== null
  ) || Object.keys(element).some((key) => key.startsWith('__reactProps$'))

/**
 * Polls `check` until it holds (every 25 ms at first, then up to every 250 ms), or throws after
 * `timeoutMs`. Unlike vitest's `expect.poll`, it also works in `beforeAll` and `afterAll`.
 */
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  for (let interval = 25; ; interval = Math.min(interval * 2, 250)) {
    if (await check()) {
      return
    }
    if (Date.now() > deadline) {
      throw new Error(`Still waiting after ${timeoutMs} ms for ${what}.`)
    }
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}

/**
 * Waits until React owns the element the locator finds (hydrated, or rendered by React since), so
 * a click or a key reaches its handlers: one made before hydration does nothing. On a page without
 * React it returns once the element is there.
 */
export const hydrated = async (locator: Locator) => {
  // The first match, attached (a hidden file input is driven too; the next action waits for the
  // rest). Hydration can take seconds on a busy machine; the poll fails the test if it never comes.
  const element = locator.first()
  await element.waitFor({ state: 'attached' })
  await until(`React to hydrate ${String(locator)}`, () => element.evaluate(isLive))
}

/**
 * Waits until no loading placeholder (Payload's shimmer, drawn while a field's code loads: a rich
 * text editor's is 35vh tall) is left before the element: when one is replaced, whatever follows
 * moves, and a click Playwright aimed at the element lands where it was.
 */
export const placeholdersAboveGone = async (locator: Locator) => {
  const element = locator.first()
  await element.waitFor({ state: 'attached' })
  await until(`the loading placeholders above ${String(locator)} to go`, () =>
    element.evaluate(
      (target) =>
        ![...document.querySelectorAll('.shimmer-effect')].some(
          (placeholder) =>
            (placeholder.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        ),
    ),
  )
}

/**
 * Waits until the admin page has hydrated: Payload's side navigation gets `nav--nav-hydrated` from
 * the effect that also settles whether it is open, so the layout's own effects have run by then.
 */
export const adminHydrated = async (page: Page) => {
  await page.locator('aside.nav.nav--nav-hydrated').waitFor({ state: 'attached' })
}

/**
 * Resolves once what the page shows has arrived: its resources (the load event), its fonts and its
 * images (a lazy one only once in view: the browser never loads one below the fold).
 */
export const imagesLoaded = async (page: Page) => {
  await page.waitForLoadState('load')
  await page.evaluate(async () => {
    await document.fonts.ready
    await Promise.all(
      [...document.images]
        .filter(
          (image) =>
            !image.complete &&
            (image.loading !== 'lazy' || image.getBoundingClientRect().top < window.innerHeight),
        )
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true })
              image.addEventListener('error', resolve, { once: true })
            }),
        ),
    )
  })
}

/**
 * Counts the requests the page has started and not yet finished, from now on: `settled()` resolves
 * once every one of them has finished (or failed), for a check that no request of some kind was
 * made, which must wait for the page's requests to end rather than for a quiet spell.
 */
export const requestsInFlight = (page: Page) => {
  const pending = new Set<Request>()
  const started = (request: Request) => pending.add(request)
  const ended = (request: Request) => pending.delete(request)
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    settled: () => until("the page's requests to end", async () => pending.size === 0),
    stop: () => {
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    },
  }
}

/**
 * Types into a field once the page has hydrated: a form submitted before React takes over does
 * nothing, so it waits for React to own the field, then types and checks that the value stayed
 * (React re-renders a controlled field within the input event, before `fill` returns).
 */
export const fillField = async (page: Page, selector: string, value: string) => {
  const field = page.locator(selector)
  await field.waitFor({ state: 'visible' })
  for (let attempt = 0; attempt < 5; attempt++) {
    await hydrated(field)
    await field.fill(value)
    if ((await field.inputValue()) === value) {
      return
    }
  }
  throw new Error(`The field ${selector} did not keep the value typed into it.`)
}

/**
 * Waits until the document form's autosave indicator no longer says "Saving": the form has taken
 * the answer in. Within 10 s, the tests' `expect.poll` timeout it replaces.
 */
export const autosaveSettled = (page: Page) =>
  until(
    'the autosave indicator to stop saying "Saving"',
    async () =>
      !/Saving/.test(
        await page
          .locator('.autosave')
          .first()
          .innerText()
          .catch(() => ''),
      ),
    10_000,
  )

/**
 * Downloads the recovery codes on show (the .txt file), one of the ways of keeping them that
 * "I have saved these codes" waits for (Copy and Print are the others).
 */
export const downloadRecoveryCodes = async (page: Page) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (.txt)' }).click(),
  ])
  if (!/recovery-codes\.txt$/.test(download.suggestedFilename())) {
    throw new Error(`unexpected download ${download.suggestedFilename()}`)
  }
}

/** The setup's last step (issue 38 item 2): its recovery codes shown, downloaded and kept. */
export const keepSetupRecoveryCodes = async (page: Page) => {
  await page.getByRole('list', { name: 'Your new recovery codes' }).waitFor()
  await downloadRecoveryCodes(page)
  await page.getByRole('button', { name: 'I have saved these codes' }).click()
}
