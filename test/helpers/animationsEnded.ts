import type { Page } from 'playwright-core'

/**
 * Resolves once the page has drawn its next two frames and every finite CSS animation and transition
 * running then on what is rendered has ended (a drawer sliding in, a modal fading in, a layout
 * following a new width), so a picture or a measurement shows where things come to rest. Endless
 * ones (spinners, shimmer placeholders) are left out; a cancelled one counts as ended. So are those
 * in what is not rendered: in Chromium a transition inside a closed <details> (its content is
 * `content-visibility: hidden`) never resolves `finished`, and a check waiting for one hung for the
 * test's whole 300 s. Ten seconds at most, whatever a browser does.
 */
export const animationsEnded = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const running = document.getAnimations().filter((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target
      return (
        animation.playState === 'running' &&
        animation.effect?.getComputedTiming().endTime !== Infinity &&
        target?.checkVisibility() === true
      )
    })
    await Promise.race([
      Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 10_000)),
    ])
  })
