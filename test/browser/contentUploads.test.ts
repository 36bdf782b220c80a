import type { BrowserContext, Page } from 'playwright-core'

import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drawLandscape, palettes } from '../../dev/seed/images.js'
import { animationsEnded } from '../helpers/animationsEnded.js'
import { withAppPayload } from '../helpers/appPayload.js'
import {
  adminHydrated,
  fillField,
  hydrated,
  launchBrowser,
  screenshot,
} from '../helpers/browser.js'
import { browserLane } from '../helpers/browserLane.js'
import { signIn } from '../helpers/signIn.js'

const { appUrl } = browserLane()
const password = 'a-long-and-unusual-passphrase-42'
const stamp = Date.now()
const adminEmail = `content-uploads-admin-${stamp}@example.com`
const photoName = `harbour-${stamp}.jpg`
let photoPath: string
/** Media of known sizes: a few bytes, some megabytes, and one recorded as 5 GiB. */
const media: Record<
  'bytes' | 'gigabytes' | 'megabytes',
  { filesize: number; id: number | string }
> = {
  bytes: { filesize: 0, id: 0 },
  gigabytes: { filesize: 0, id: 0 },
  megabytes: { filesize: 0, id: 0 },
}
let browser: BrowserContext
let page: Page

type StoredMedia = {
  filesize: number
  focalX: number
  focalY: number
  height: number
  sizes: Record<string, { height: null | number; url: null | string; width: null | number }>
  url: string
  width: number
}

beforeAll(async () => {
  // A real JPEG photo-like picture to upload through the admin, as an editor would.
  const folder = mkdtempSync(path.join(tmpdir(), 'content-uploads-'))
  photoPath = path.join(folder, photoName)
  writeFileSync(
    photoPath,
    await sharp(await drawLandscape(palettes.ocean, 1600, 1000))
      .jpeg({ quality: 85 })
      .toBuffer(),
  )

  await withAppPayload(async (payload) => {
    await payload.create({
      collection: 'users',
      data: { email: adminEmail, password, roles: ['admin'] },
    })
    const store = async (key: keyof typeof media, data: Buffer, name: string) => {
      const doc = await payload.create({
        collection: 'media',
        data: { alt: `${key} sample` },
        file: { data, mimetype: 'image/png', name, size: data.length },
      })
      media[key] = { filesize: doc.filesize as number, id: doc.id }
    }
    const pixel = await sharp({
      create: { background: '#336699', channels: 3, height: 1, width: 1 },
    })
      .png()
      .toBuffer()
    await store('bytes', pixel, `pixel-${stamp}.png`)
    // Random noise does not compress: about 3.5 MB of PNG.
    const noise = Buffer.alloc(1100 * 1100 * 3)
    for (let index = 0; index < noise.length; index++) {
      noise[index] = Math.floor(Math.random() * 256)
    }
    const noisy = await sharp(noise, { raw: { channels: 3, height: 1100, width: 1100 } })
      .png()
      .toBuffer()
    await store('megabytes', noisy, `noise-${stamp}.png`)
    // No test machine uploads gigabytes: a small picture whose record says 5 GiB, as one stored by a
    // direct-to-storage upload would.
    await store('gigabytes', pixel, `huge-${stamp}.png`)
    await payload.update({
      collection: 'media',
      data: { filesize: 5 * 1024 ** 3 },
      id: media.gigabytes.id,
    })
    media.gigabytes.filesize = 5 * 1024 ** 3
  })
  browser = await launchBrowser()
  page = await browser.newPage()
  await signIn(page, appUrl, adminEmail, password)
})
afterAll(async () => {
  await browser?.close()
})

/** The size, dimensions and type line under the file name (spaces as the page shows them, normalised). */
const fileMeta = async () =>
  (await page.locator('.file-meta__size-type').first().innerText()).replace(/\s+/g, ' ')

const storedMedia = async (id: number | string): Promise<StoredMedia> => {
  const response = await page.request.get(`${appUrl}/api/media/${id}?depth=0`)
  expect(response.status()).toBe(200)
  return (await response.json()) as StoredMedia
}

let uploadedId: number | string

describe('uploads', () => {
  it('uploads a JPEG, shows its size in KB and generates the thumbnail, card and hero sizes', async () => {
    await page.goto(`${appUrl}/admin/collections/media/create`)
    await adminHydrated(page)
    await hydrated(page.locator('input[type="file"]'))
    await page.locator('input[type="file"]').setInputFiles(photoPath)
    await fillField(page, '#field-alt', 'A harbour at night')
    await page.getByRole('button', { exact: true, name: 'Save' }).click()
    await page.waitForURL((url) => /\/admin\/collections\/media\/\d+$/.test(url.pathname))
    uploadedId = page.url().split('/').pop()!

    const stored = await storedMedia(uploadedId)
    expect(stored).toMatchObject({ height: 1000, width: 1600 })
    const kilobytes = Math.round(stored.filesize / 1024)
    await expect.poll(fileMeta).toBe(`${kilobytes}KB - 1600x1000 - image/jpeg`)
    // Each configured size exists as a file of its own that the server hands out.
    expect(stored.sizes.thumbnail).toMatchObject({ height: 300, width: 300 })
    expect(stored.sizes.card).toMatchObject({ height: 432, width: 768 })
    expect(stored.sizes.hero).toMatchObject({ height: 1000, width: 1600 })
    for (const [name, size] of Object.entries(stored.sizes)) {
      const file = await page.request.get(new URL(size.url!, appUrl).toString())
      expect(file.status(), name).toBe(200)
      expect(file.headers()['content-type'], name).toBe('image/jpeg')
      const { height, width } = await sharp(await file.body()).metadata()
      expect({ height, width }, name).toEqual({ height: size.height, width: size.width })
    }
    await screenshot(page, 'content-uploads-uploaded')
  })

  it('sets the focal point where the editor clicks the picture and stores it as two percentages', async () => {
    await page.goto(`${appUrl}/admin/collections/media/${uploadedId}`)
    await adminHydrated(page)
    await hydrated(page.getByRole('button', { name: 'Edit Image' }))
    await page.getByRole('button', { name: 'Edit Image' }).click()
    const picture = page.locator('.edit-upload__focal-wrapper')
    await picture.locator('img').waitFor()
    await expect.poll(() => page.locator('input[name="X %"]').inputValue()).toBe('50')
    // The drawer slides in: measure the picture once it has stopped moving.
    await animationsEnded(page)
    const box = (await picture.boundingBox())!
    // A quarter across and seven tenths down: where the boat sits in a real photo.
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.7)
    await expect.poll(() => page.locator('input[name="X %"]').inputValue()).toBe('25')
    await expect.poll(() => page.locator('input[name="Y %"]').inputValue()).toBe('70')
    // The cross-hair moved there too.
    const crossHair = async () => (await page.locator('.edit-upload__focalPoint').boundingBox())!
    await expect
      .poll(async () => {
        const point = await crossHair()
        return Math.abs(point.x + point.width / 2 - (box.x + box.width * 0.25))
      })
      .toBeLessThan(3)
    await expect
      .poll(async () => {
        const point = await crossHair()
        return Math.abs(point.y + point.height / 2 - (box.y + box.height * 0.7))
      })
      .toBeLessThan(3)
    await screenshot(page, 'content-uploads-focal-point')

    await page.getByRole('button', { name: 'Apply Changes' }).click()
    await page.getByRole('button', { exact: true, name: 'Save' }).click()
    await expect
      .poll(async () => {
        const { focalX, focalY } = await storedMedia(uploadedId)
        return { focalX, focalY }
      })
      .toEqual({ focalX: 25, focalY: 70 })
  })

  it('shows file sizes in bytes, KB, MB and GB', async () => {
    const expected = {
      bytes: `${media.bytes.filesize} bytes`,
      gigabytes: '5GB',
      megabytes: `${Math.round(media.megabytes.filesize / 1024 ** 2)}MB`,
    }
    expect(media.megabytes.filesize).toBeGreaterThan(1024 ** 2)
    for (const [key, text] of Object.entries(expected)) {
      await page.goto(`${appUrl}/admin/collections/media/${media[key as keyof typeof media].id}`)
      await expect.poll(fileMeta, { message: key }).toMatch(new RegExp(`^${text} - `))
    }
    await screenshot(page, 'content-uploads-gigabytes')
    // The list shows the same sizes in its size column.
    await page.goto(
      `${appUrl}/admin/collections/media?limit=25&columns=${encodeURIComponent(JSON.stringify(['filename', 'filesize']))}`,
    )
    for (const text of Object.values(expected)) {
      await page.getByRole('cell', { exact: true, name: text }).first().waitFor()
    }
    await screenshot(page, 'content-uploads-list-sizes')
  })
})
