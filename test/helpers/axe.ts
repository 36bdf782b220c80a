import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

import { createRequire } from 'node:module'
import { expect } from 'vitest'

import { animationsEnded } from './animationsEnded.js'

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * What is checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. (Rules axe
 * marks experimental stay off; `label-content-name-mismatch`, WCAG 2.5.3, is a regular rule in 4.14.)
 */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const

/** The impacts a check fails on. */
const failingImpacts: ImpactValue[] = ['critical', 'serious']

export type AxeScope = {
  /** Selectors of the plugin's own markup: only what is inside them is checked. */
  include: string[]
  /**
   * Regions inside `include` that are Payload's markup, not the plugin's, each with the reason
   * (the Payload component) it is left out.
   */
  exclude?: { reason: string; selector: string }[]
}

/** One line per failing node: rule, impact, where, and what axe says to do. */
const describeViolations = (violations: Result[]): string =>
  violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `- ${violation.id} (${node.impact ?? violation.impact}) at ${JSON.stringify(node.target)}: ` +
          `${violation.help} [${violation.helpUrl}]\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`,
      ),
    )
    .join('\n')

/**
 * Runs axe-core in the page on the plugin's own markup (`scope.include`, minus `scope.exclude`) and
 * returns its results. Every include selector must match something, so a check never passes on an
 * empty page.
 */
const runAxe = async (page: Page, scope: AxeScope): Promise<AxeResults> => {
  for (const selector of scope.include) {
    expect(
      await page.locator(selector).count(),
      `the axe scope ${selector} matches nothing on ${page.url()}`,
    ).toBeGreaterThan(0)
  }
  // Colours read mid-transition are neither state's: a button turning enabled runs Payload's 0.1 s
  // colour transition, and axe measured its label half-way (4.23:1).
  await animationsEnded(page)
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: axeScript })
  }
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: [...axeTags] },
  }
  return page.evaluate(
    ([include, exclude, runOptions]) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(
        { exclude: exclude.map((selector) => [selector]), include: include.map((s) => [s]) },
        runOptions,
      ),
    [scope.include, (scope.exclude ?? []).map((e) => e.selector), options] as const,
  )
}

/**
 * Fails when axe finds a serious or critical violation in the plugin's markup, listing each one
 * (rule, impact, target, help); returns all violations, the lesser ones included, for the log.
 */
export const expectNoSeriousViolations = async (
  page: Page,
  scope: AxeScope | string[],
  label = new URL(page.url()).pathname,
): Promise<Result[]> => {
  const { violations } = await runAxe(page, Array.isArray(scope) ? { include: scope } : scope)
  const failing = violations
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter((node) =>
        failingImpacts.includes((node.impact ?? violation.impact) as ImpactValue),
      ),
    }))
    .filter((violation) => violation.nodes.length > 0)
  // AXE_VERBOSE=1 logs every violation found, the lesser ones too.
  if (process.env.AXE_VERBOSE === '1') {
    console.info(`axe on ${label}: ${describeViolations(violations) || 'no violations'}`)
  }
  // Compared as text, so a failure reads as the list of violations rather than an object diff;
  // soft, so the other views of the same test are still checked and reported.
  expect
    .soft(describeViolations(failing), `axe: serious or critical violations on ${label}`)
    .toBe('')
  return violations
}
