import type { Page } from 'playwright-core'

import { expect } from 'vitest'

/**
 * The video field's select (Payload's react-select) as a person drives it: by its text box, the
 * options' accessible names (`[status] title`, see `VideoOptionLabel`) and its clear button.
 */
const field = '.backoffice-video-field'
const control = `${field} .backoffice-video-field__select`
const input = `${control} input`
const optionLabel = '.rs__option .backoffice-video-option__label'

/** Waits until the select is there and takes input (it is disabled while the plugin is asked). */
export const waitForVideoSelect = async (page: Page) => {
  await page.locator(input).waitFor({ timeout: 30_000 })
  await expect.poll(() => page.locator(input).isEnabled(), { timeout: 30_000 }).toBe(true)
}

/** The selected video's label, `[status] title`; empty when none is selected. */
export const selectedVideoLabel = (page: Page) =>
  page.evaluate(
    (selector) => document.querySelector(selector)?.textContent ?? '',
    `${control} .rs__single-value .backoffice-video-option__label`,
  )

/** The stored video id (the field's `data-video-id`). */
export const selectedVideoId = (page: Page) =>
  page.locator(field).first().getAttribute('data-video-id')

/** Types `search` into the select and answers the labels of the options the server found. */
export const videoOptionLabels = async (page: Page, search = ''): Promise<string[]> => {
  // The select shows the search its options answer; another one is sent after a pause in typing.
  const searched = (await page.locator(input).inputValue()) !== search
  await page.locator(input).click()
  const answered = searched
    ? page.waitForResponse(
        (response) =>
          response.request().method() === 'GET' &&
          new URL(response.url()).pathname.endsWith('/videos') &&
          (new URL(response.url()).searchParams.get('search') ?? '') === search.trim(),
        { timeout: 30_000 },
      )
    : undefined
  await page.locator(input).fill(search)
  await page.locator('.rs__menu').waitFor()
  await answered
  // The menu settles once that answer is drawn.
  await expect
    .poll(() => page.locator(`${control}[aria-busy="true"], ${field}[aria-busy="true"]`).count())
    .toBe(0)
  const labels = await page.locator(optionLabel).allTextContents()
  await page.keyboard.press('Escape')
  return labels
}

/** Searches for `title` and chooses the option whose label ends with it, with the keyboard. */
export const chooseVideo = async (page: Page, title: string) => {
  await page.locator(input).click()
  await page.locator(input).fill(title)
  const option = page.locator('.rs__option').filter({
    has: page.locator('.backoffice-video-option__label', {
      hasText: new RegExp(`\\] ${escape(title)}$`),
    }),
  })
  await option.first().waitFor({ timeout: 30_000 })
  await option.first().click()
  await expect.poll(() => selectedVideoLabel(page)).toMatch(new RegExp(`${escape(title)}$`))
}

/** Clears the selection with the select's clear button. */
export const clearVideo = async (page: Page) => {
  await page.locator(`${control} .clear-indicator`).click()
  await expect.poll(() => selectedVideoLabel(page)).toBe('')
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
