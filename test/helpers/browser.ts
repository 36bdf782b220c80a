import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'

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
 * A fresh browser profile (no cookies), like a first visit. `bypassCSP` lets axe-core's script into
 * a page whose Content-Security-Policy allows no script at all (the plugin's own plain pages).
 * `ignoreHTTPSErrors` accepts the demo OpenID provider's certificate, self-signed for the run (see
 * test/setup/browserApp.ts): the only https origin the browser tests visit.
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
  chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'backoffice-chromium-')), {
    args: chromiumFlags,
    bypassCSP,
    executablePath: findChromium(),
    headless: true,
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
 * Types into a field once the page has hydrated: a form submitted before React takes over does
 * nothing, so the value is checked after typing.
 */
export const fillField = async (page: Page, selector: string, value: string) => {
  const field = page.locator(selector)
  await field.waitFor({ state: 'visible' })
  for (let attempt = 0; attempt < 5; attempt++) {
    await field.fill(value)
    await page.waitForTimeout(100)
    if ((await field.inputValue()) === value) {
      return
    }
  }
  throw new Error(`The field ${selector} did not keep the value typed into it.`)
}
