import type { Page } from 'playwright-core'

import { mkdirSync } from 'node:fs'
import path from 'node:path'

import { animationsEnded } from './animationsEnded.js'
import { imagesLoaded } from './browser.js'

/**
 * A screenshot for the documentation, taken only when SCREENSHOTS_DIR names a folder (as
 * `npm run screenshots` does, with docs/screenshots): the README's pictures come from the same
 * browser tests that check those screens, so they show what the code does now. Viewport-sized at
 * 1280×800 (or `viewport`: a 1440 px desktop, a 390 px phone) unless `fullPage`, so each picture
 * reads at README width; the page's own viewport is put back afterwards. Without SCREENSHOTS_DIR it
 * does nothing.
 */
export const docScreenshot = async (
  page: Page,
  name: string,
  {
    fullPage = false,
    viewport: size = { height: 800, width: 1280 },
  }: { fullPage?: boolean; viewport?: { height: number; width: number } } = {},
): Promise<null | string> => {
  const dir = process.env.SCREENSHOTS_DIR
  if (!dir) {
    return null
  }
  mkdirSync(dir, { recursive: true })
  const file = path.join(path.resolve(dir), `${name}.png`)
  const viewport = page.viewportSize()
  await page.setViewportSize(size)
  try {
    await imagesLoaded(page)
    // A chart or a layout that follows the width settles on its next frames.
    await animationsEnded(page)
    await page.screenshot({ animations: 'disabled', fullPage, path: file })
  } finally {
    if (viewport) {
      await page.setViewportSize(viewport)
    }
  }
  return file
}
