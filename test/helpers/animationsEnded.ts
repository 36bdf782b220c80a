import type { Page } from 'playwright-core'

/**
 * Resolves once the page has drawn its next two frames and every finite CSS animation and transition
 * running then has ended (a drawer sliding in, a modal fading in, a layout following a new width),
 * so a picture or a measurement shows where things come to rest. Endless ones (spinners, shimmer
 * placeholders) are left out; a cancelled one counts as ended.
 */
export const animationsEnded = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    )
  })
