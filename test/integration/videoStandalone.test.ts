import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getPayload } from 'payload'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { modulesLoadedBy } from '../helpers/modulesLoadedBy.js'
import { startTestPayload, type TestPayload } from '../helpers/testPayload.js'
import { makeClip, rawRequest } from '../helpers/video.js'

const password = 'a-long-and-unusual-passphrase-42'

let app: TestPayload

beforeAll(async () => {
  // The dev app with the video plugin alone: no backoffice plugin at all.
  app = await startTestPayload({ withBackoffice: false })
})
afterAll(async () => {
  await app?.close()
})

it('works without the backoffice plugin: collections, endpoints and texts', async () => {
  expect(app.payload.collections['sessions' as never]).toBeUndefined()
  expect(Object.keys(app.payload.collections)).toEqual(
    expect.arrayContaining(['videos', 'video-categories', 'video-tags']),
  )
  expect(app.payload.config.jobs.tasks?.map((task) => task.slug)).toContain(
    'backofficeVideoTranscode',
  )

  const staff = app.client()
  expect(
    (await staff.post('/users/first-register', { email: 'staff@example.com', password })).status,
  ).toBe(200)
  const created = await staff.request('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: 1000,
      title: 'Standalone',
      visibility: 'private',
    },
  })
  expect(created.status).toBe(200)
  expect(created.body.signedUrl).toContain(
    `/api/video/videos/${created.body.videoId}/source?token=`,
  )

  // Refusals come from the catalogue, in the caller's language.
  const german = await staff.request('PUT', '/video/videos/upload', {
    body: { extension: 'mp4', mimeType: 'image/png', size: 1000, title: 'Bild' },
    headers: { 'accept-language': 'de' },
  })
  expect(german.status).toBe(415)
  expect(german.body.errors[0]).toMatchObject({
    data: { code: 'VIDEO_TYPE_NOT_ALLOWED' },
    message: 'Es können nur Videodateien hochgeladen werden.',
  })
  const status = await staff.get('/video/status')
  expect(status.body).toEqual({
    collections: { categories: 'video-categories', tags: 'video-tags' },
    mount: 'video',
    tools: { available: true, problems: [] },
  })
})

it('runs the video queue in the app process when autoRun is on (as the sandbox sets it): an upload is encoded with no worker started', async () => {
  expect(app.payload.config.jobs.autoRun).toEqual(
    expect.arrayContaining([{ cron: '*/5 * * * * *', limit: 1, queue: 'video' }]),
  )
  // What Next's route handlers do (`getPayload({ cron: true })`): start the app's job crons.
  await getPayload({ config: app.config, cron: true })
  const staff = app.client()
  expect((await staff.post('/users/login', { email: 'staff@example.com', password })).status).toBe(
    200,
  )
  const clip = await readFile(
    await makeClip(await mkdtemp(path.join(tmpdir(), 'video-autorun-')), 'clip.mp4'),
  )
  const created = await staff.request('PUT', '/video/videos/upload', {
    body: {
      extension: 'mp4',
      mimeType: 'video/mp4',
      size: clip.length,
      title: 'Queued',
      visibility: 'public',
    },
  })
  const stored = await rawRequest(app.config, 'PUT', created.body.signedUrl, {
    body: clip,
    headers: { 'content-type': 'video/mp4' },
  })
  expect(stored.status).toBe(200)
  await expect
    .poll(async () => (await staff.get(`/video/videos/${created.body.videoId}`)).body.status, {
      interval: 100,
      timeout: 30_000,
    })
    .toBe('COMPLETE')
})

/** Folders of src/ the video entries may load: the video plugin's, and those both plugins share. */
const sharedFolder =
  /^src\/(video|exports|shared\/(lib|endpoint|errors|request|i18n|translations|db|metrics|components))\//
/** The back-office's sign-in dependencies: OpenID Connect, passkeys, password strength, TOTP. */
const signInPackage =
  /(^|\/)node_modules\/(openid-client|@simplewebauthn\/[^/]+|@zxcvbn-ts\/[^/]+|otplib|qrcode|ua-parser-js)\//
const backOfficeOnly = (files: string[]) => ({
  packages: [...new Set(files.map((file) => signInPackage.exec(file)?.[2]).filter(Boolean))],
  sourceFiles: files.filter(
    (file) =>
      file.startsWith('src/') &&
      !sharedFolder.test(file) &&
      !/^src\/shared\/options\/(getPluginOptions|types)\.ts$/.test(file),
  ),
})

it('finding "importing videoPlugin loads every sign-in capability, openid-client, @simplewebauthn and zxcvbn": the video entries load none of them', async () => {
  // One fresh Node process per entry, one after the other (each loads Payload).
  const server = await modulesLoadedBy('src/exports/video.ts')
  const client = await modulesLoadedBy('src/exports/videoClient.ts')
  // The client entry fetches the field's module only when a page renders it (React `lazy`).
  const field = await modulesLoadedBy('src/video/components/VideoField.tsx')
  const root = await modulesLoadedBy('src/index.ts')
  // The probe sees what is loaded: the plugin's files and the packages they import.
  expect(server).toContain('src/video/videoPlugin.ts')
  expect(server.some((file) => file.includes('node_modules/payload/'))).toBe(true)
  expect(field).toContain('src/video/components/VideoField.tsx')
  expect(field.some((file) => file.includes('node_modules/@payloadcms/ui/'))).toBe(true)
  // The package's root, which apps used to import the video plugin from, loads the sign-in and its
  // dependencies (zxcvbn only on the first password check: it is imported lazily).
  expect(backOfficeOnly(root).packages).toEqual(
    expect.arrayContaining(['openid-client', '@simplewebauthn/server']),
  )
  expect(backOfficeOnly(root).sourceFiles).toEqual(
    expect.arrayContaining(['src/signIn/endpoints/loginEndpoint.ts']),
  )

  expect(backOfficeOnly(server)).toEqual({ packages: [], sourceFiles: [] })
  expect(backOfficeOnly(client)).toEqual({ packages: [], sourceFiles: [] })
  expect(backOfficeOnly(field)).toEqual({ packages: [], sourceFiles: [] })
})
