'use client'

import { Button, Drawer, toast, useAuth, useModal, XIcon } from '@payloadcms/ui'
import { type FormEvent, useEffect, useId, useReducer, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

import type { InterruptedUpload } from '../lib/interruptedUpload.js'
import type { VideoApi, VideoTaxonomy } from './videoApi.js'

import { isSameFile } from '../lib/interruptedUpload.js'
import { slugify } from '../lib/slugify.js'
import { uploadFailureReason } from '../lib/uploadFailureReason.js'
import { extensionOf, initialUploadWidget, uploadWidgetReducer } from '../lib/uploadWidget.js'
import { videoTitleMaxLength } from '../lib/videoRecord.js'
import {
  forgetUpload,
  recallInterruptedUpload,
  rememberUpload,
} from './interruptedUploadStorage.js'
import { TaxonomySelect } from './TaxonomySelect.js'
import { uploadFailureMessage } from './uploadFailureMessage.js'
import { isOwnUploadUrl, uploadVideoFile } from './uploadVideoFile.js'
import { useVideoTranslation } from './useVideoTranslation.js'
import { VideoFileDropzone } from './VideoFileDropzone.js'
import './UploadVideoDrawer.css'

/** The field's upload settings (see `videoField`). */
export type UploadSettings = {
  /** Category slugs offered, ticked; null for every category, none ticked. */
  categories: null | string[]
  tags: null | string[]
  uploadVisibility: 'private' | 'public'
}

type Choices = { options: VideoTaxonomy[]; ticked: Set<string> }

/**
 * Loads the choices of one taxonomy: the field's slugs, resolved to ids with `where[slug][in]`,
 * ticked; or every entry, none ticked. Null until the call answered; a failure is logged only.
 */
const useChoices = (api: VideoApi, kind: 'categories' | 'tags', slugs: null | string[]) => {
  const [choices, setChoices] = useState<Choices | null>(null)
  const [ticked, setTicked] = useState<Set<string>>(new Set())
  const slugKey = slugs === null ? null : slugs.join(',')
  useEffect(() => {
    let current = true
    const wanted = slugKey === null ? null : slugKey.split(',').filter(Boolean)
    const load = async () => {
      const options = wanted?.length === 0 ? [] : await api.taxonomy(kind, wanted)
      if (!current) {
        return
      }
      if (options === null) {
        console.error(`payload-backoffice video: the ${kind} could not be loaded`)
        return
      }
      const initial = new Set(wanted === null ? [] : options.map((option) => String(option.id)))
      setTicked(initial)
      setChoices({ options, ticked: initial })
    }
    void load()
    return () => {
      current = false
    }
  }, [api, kind, slugKey])
  const reset = () => setTicked(new Set(choices?.ticked ?? []))
  const choose = (ids: string[]) => setTicked(new Set(ids))
  /** A new entry, created in the modal: listed and ticked. */
  const add = (entry: VideoTaxonomy) => {
    setChoices((before) => (before ? { ...before, options: [...before.options, entry] } : before))
    setTicked((before) => new Set([...before, String(entry.id)]))
  }
  return { add, choices, choose, reset, ticked }
}

/** The ticked entries' ids as the server gave them (numbers on PostgreSQL, not their text). */
const idsOf = ({ choices, ticked }: { choices: Choices | null; ticked: Set<string> }) =>
  (choices?.options ?? []).filter((option) => ticked.has(String(option.id))).map(({ id }) => id)

/**
 * The upload modal (its contract for clients is in docs/video.md): "Name your video (max. 100
 * characters)", Payload's dropzone for one video file (its name and size shown), categories and
 * tags in Payload's select, where a person allowed to may create new ones, "Start upload" (disabled until the category and tag
 * slugs are resolved, and while uploading), a reset button and the progress as a whole-number
 * percent. While it uploads, its close buttons are gone and Escape does nothing. A failed create
 * or upload, or an answer without videoId or signedUrl, is logged and the modal starts over, saying
 * why in the admin's language: a file too large or not a video, a session that has ended, the
 * network, or a failure to report (see `uploadFailureMessage`); on success `onUploaded` gets the new
 * video's id.
 *
 * A chunked upload is remembered in the tab (see `InterruptedUpload`) until it succeeds, the server
 * refuses it for good or it is discarded. After a page reload the modal offers to resume it: the
 * user chooses the same file again (a page cannot re-open a file on its own), and the upload goes
 * on from the bytes the server holds. While a file is on its way, leaving the page asks first.
 */
export const UploadVideoDrawer = ({
  api,
  collections,
  drawerSlug,
  onUploaded,
  settings,
}: {
  api: VideoApi
  /** Where categories and tags are created; null when the server did not say (none offered). */
  collections: { categories: string; tags: string } | null
  drawerSlug: string
  onUploaded: (videoId: number | string) => Promise<void> | void
  settings: UploadSettings
}) => {
  const t = useVideoTranslation()
  const { permissions } = useAuth()
  const { closeModal, isModalOpen } = useModal()
  const id = useId()
  const [state, dispatch] = useReducer(uploadWidgetReducer, initialUploadWidget)
  const [fileInput, setFileInput] = useState(0)
  const [notice, setNotice] = useState<null | string>(null)
  const [resuming, setResuming] = useState<InterruptedUpload | null>(null)
  // Bumped when the remembered upload is forgotten, so the offer below is read again.
  const [, setForgotten] = useState(0)
  const titleInput = useRef<HTMLInputElement>(null)
  const categories = useChoices(api, 'categories', settings.categories)
  const tags = useChoices(api, 'tags', settings.tags)
  const uploading = state.phase === 'uploading'
  const resolved = categories.choices !== null && tags.choices !== null
  const canStart = resolved && state.phase === 'file' && state.title.trim() !== ''
  // Read while the modal is open and idle (a few hundred bytes of the tab's own storage): an upload
  // this tab left unfinished, before a reload or when the connection failed for good.
  const interrupted =
    resuming ??
    (state.phase === 'new' && isModalOpen(drawerSlug) ? recallInterruptedUpload(api.base) : null)

  useEffect(() => {
    if (!uploading) {
      return
    }
    // Payload's modals close on Escape from a listener on the document; this one runs first.
    const keepOpen = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
      }
    }
    // Leaving or reloading the page stops the upload (it can be resumed): the browser asks first,
    // in its own words, as browsers ignore a page's text here (MDN, "Window: beforeunload event").
    // `returnValue` is for browsers without `preventDefault` support in this event (Chrome < 119).
    const askBeforeLeaving = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = true
    }
    window.addEventListener('keydown', keepOpen, true)
    window.addEventListener('beforeunload', askBeforeLeaving)
    return () => {
      window.removeEventListener('keydown', keepOpen, true)
      window.removeEventListener('beforeunload', askBeforeLeaving)
    }
  }, [uploading])

  const forget = () => {
    forgetUpload(api.base)
    setForgotten((count) => count + 1)
  }

  const reset = () => {
    dispatch({ type: 'reset' })
    categories.reset()
    tags.reset()
    setFileInput((count) => count + 1)
    setNotice(null)
    setResuming(null)
    forget()
  }

  /** Ends an upload the server has whole, the fresh one and a resumed one alike. */
  const succeeded = async (videoId: number | string) => {
    forget()
    // 100 % is drawn before the modal closes: a commit of its own, which React would otherwise
    // batch with the closing below (updates after an `await` are batched since React 18).
    flushSync(() => dispatch({ type: 'succeeded', videoId }))
    toast.success(t('videoUploaded'))
    closeModal(drawerSlug)
    reset()
    await onUploaded(videoId)
  }

  const discard = () => {
    forget()
    setNotice(null)
    setFileInput((count) => count + 1)
    // The discard button is gone with the offer: the keyboard goes on from the form's first field.
    requestAnimationFrame(() => titleInput.current?.focus())
  }

  const resume = async (upload: InterruptedUpload, file: File) => {
    setFileInput((count) => count + 1)
    if (!isSameFile(upload, file)) {
      setNotice(t('videoUploadResumeWrongFile', { name: upload.name }))
      return
    }
    setNotice(null)
    setResuming(upload)
    dispatch({ file, type: 'resume' })
    const refusals: (null | string)[] = []
    const sent = await uploadVideoFile({
      askFirst: true,
      file,
      mimeType: upload.mimeType,
      onPercent: (percent) => dispatch({ percent, type: 'progress' }),
      onRefused: (code) => refusals.push(code),
      ownBase: api.base,
      signedUrl: upload.signedUrl,
    })
    if (sent) {
      await succeeded(upload.videoId)
      return
    }
    setResuming(null)
    dispatch({ type: 'failed' })
    if (refusals.length === 0) {
      // The connection failed again: the offer stays, to try once more.
      setNotice(t('videoUploadResumeFailed', { name: upload.name }))
      return
    }
    console.error('payload-backoffice video: the upload cannot be resumed', refusals[0])
    forget()
    setNotice(
      t(
        refusals[0] === 'VIDEO_UPLOAD_URL_EXPIRED'
          ? 'videoUploadResumeExpired'
          : 'videoUploadResumeRefused',
        { name: upload.name },
      ),
    )
  }

  const start = async (event: FormEvent) => {
    event.preventDefault()
    // The drawer sits in a portal, but React bubbles its submit to the document's own form.
    event.stopPropagation()
    if (!canStart || state.phase !== 'file') {
      return
    }
    const { file, title } = state
    setNotice(null)
    dispatch({ type: 'start' })
    // The person is told why, not only the console: without it a refused file left them guessing
    // whether to retry, pick another file or sign in again.
    const failed = (
      reason: string,
      refusal: { code?: null | string; limit?: unknown; status: number },
      detail?: unknown,
    ) => {
      console.error(`payload-backoffice video: ${reason}`, detail ?? '')
      dispatch({ type: 'failed' })
      setFileInput((count) => count + 1)
      setNotice(
        uploadFailureMessage(t, uploadFailureReason(refusal), {
          limit: refusal.limit,
          name: file.name,
          size: file.size,
        }),
      )
    }
    const extension = extensionOf(file.name)
    // Browsers leave the type empty for containers they do not know (.mkv on some systems).
    const mimeType = file.type || `video/${extension}`
    const created = await api.createUpload({
      categories: idsOf(categories),
      extension,
      mimeType,
      // This client can send a large file in parts to a bucket, and so asks for them.
      multipart: true,
      size: file.size,
      slug: slugify(title),
      tags: idsOf(tags),
      title,
      visibility: settings.uploadVisibility,
    })
    const answer = created.body as null | { signedUrl?: unknown; videoId?: unknown }
    const videoId = answer?.videoId
    const signedUrl = answer?.signedUrl
    if (
      !created.ok ||
      (typeof videoId !== 'number' && typeof videoId !== 'string') ||
      typeof signedUrl !== 'string' ||
      signedUrl === ''
    ) {
      const limit = (created.body as null | { errors?: { data?: { limit?: unknown } }[] })
        ?.errors?.[0]?.data?.limit
      // An answer without videoId or signedUrl is a server fault, whatever its status said.
      failed(
        'the upload request failed',
        created.ok ? { status: 500 } : { code: created.code, limit, status: created.status },
        created.message ?? created.body,
      )
      return
    }
    const ownUrl = isOwnUploadUrl(api.base, signedUrl)
    if (ownUrl) {
      // Only the plugin's own URL takes chunks, so only its uploads can be resumed.
      const { lastModified, name, size } = file
      rememberUpload(api.base, { lastModified, mimeType, name, signedUrl, size, videoId })
    }
    let refusal: { code: null | string; status: number } | null = null
    const sent = await uploadVideoFile({
      file,
      mimeType,
      onPercent: (percent) => dispatch({ percent, type: 'progress' }),
      onRefused: (code, status) => {
        refusal = { code, status }
        // Expired, used or unknown: no resume can help, so none is offered.
        forget()
      },
      ownBase: api.base,
      signedUrl,
    })
    if (!sent) {
      // A connection that failed for good leaves the upload remembered: the modal offers to resume.
      failed('the upload of the file failed', refusal ?? { status: 0 })
      return
    }
    if (!ownUrl) {
      // With S3 the server learns of the finished PUT from this call (or its next listing).
      await api.uploaded(videoId)
    }
    await succeeded(videoId)
  }

  /**
   * Creates a category or tag with the person's own access (Payload's REST API); offered only when
   * Payload's permissions say they may create in that collection.
   */
  const creator = (kind: 'categories' | 'tags', choices: ReturnType<typeof useChoices>) => {
    const collection = collections?.[kind]
    if (!collection || permissions?.collections?.[collection]?.create !== true) {
      return null
    }
    return async (name: string) => {
      const created = await api.createTaxonomy(collection, name)
      if (!created.ok) {
        toast.error(created.message ?? t('videoTaxonomyCreateFailed', { name }))
        return
      }
      choices.add(created.taxonomy)
      toast.success(t('videoTaxonomyCreated', { name: created.taxonomy.name ?? name }))
    }
  }

  const choiceList = (kind: 'categories' | 'tags', choices: ReturnType<typeof useChoices>) => (
    <div className={`field-type backoffice-video-upload__${kind}`}>
      <label className="field-label" htmlFor={`${id}-${kind}`}>
        {t(kind === 'categories' ? 'videoUploadCategories' : 'videoUploadTags')}
      </label>
      <TaxonomySelect
        disabled={uploading}
        entries={choices.choices?.options ?? null}
        inputId={`${id}-${kind}`}
        onCreate={creator(kind, choices)}
        onToggle={choices.choose}
        t={t}
        ticked={choices.ticked}
      />
    </div>
  )

  const percent = state.phase === 'uploading' ? state.percent : state.phase === 'success' ? 100 : 0
  const progress = (
    <div className="backoffice-video-upload__progress">
      <label className="field-label" htmlFor={`${id}-progress`}>
        {t('videoUploadProgressLabel')}
      </label>
      <progress
        className="backoffice-video-upload__progress-bar"
        id={`${id}-progress`}
        max={100}
        value={percent}
      />
      <output className="backoffice-video-upload__percent" htmlFor={`${id}-progress`}>
        <bdi>{t('videoUploadProgress', { percent })}</bdi>
      </output>
    </div>
  )
  const noticeLine = notice && (
    <p className="backoffice-video-upload__notice" role="alert">
      {notice}
    </p>
  )
  return (
    <Drawer
      // One class for good: the modal's enter transition marks the element with classes of its own
      // (react-transition-group, through @faceless-ui/modal), which a new className from React
      // replaces, and the whole modal turned invisible while uploading.
      className="backoffice-video-upload"
      Header={
        <div
          // The modifier, not one on the Drawer (its class stays one, above), hides the backdrop's
          // close button while uploading (UploadVideoDrawer.css).
          className={[
            'drawer__header backoffice-video-upload__header',
            uploading ? 'backoffice-video-upload__header--uploading' : null,
          ]
            .filter(Boolean)
            .join(' ')}
        >
          <h2 className="drawer__header__title" id={`${id}-title`}>
            {t('videoUploadTitle')}
          </h2>
          {!uploading && (
            <button
              aria-label={t('videoUploadClose')}
              className="drawer__header__close"
              onClick={() => closeModal(drawerSlug)}
              type="button"
            >
              <XIcon />
            </button>
          )}
        </div>
      }
      slug={drawerSlug}
    >
      {interrupted ? (
        <section
          aria-busy={uploading}
          aria-labelledby={`${id}-resume-title`}
          className="backoffice-video-upload__resume"
        >
          <h3 id={`${id}-resume-title`}>{t('videoUploadInterruptedTitle')}</h3>
          <p>{t('videoUploadInterrupted', { name: interrupted.name })}</p>
          <div className="field-type">
            <label className="field-label" htmlFor={`${id}-resume-file`} id={`${id}-resume-label`}>
              {t('videoUploadResumeFileLabel', { name: interrupted.name })}
            </label>
            <VideoFileDropzone
              disabled={uploading}
              file={uploading && state.phase === 'uploading' ? state.file : null}
              inputId={`${id}-resume-file`}
              key={fileInput}
              label={`${id}-resume-label`}
              onFile={(file) => void resume(interrupted, file)}
              t={t}
            />
          </div>
          {noticeLine}
          {progress}
          <div className="backoffice-video-upload__actions">
            <Button
              buttonStyle="secondary"
              disabled={uploading}
              margin={false}
              onClick={discard}
              type="button"
            >
              {t('videoUploadDiscard')}
            </Button>
          </div>
        </section>
      ) : (
        <form
          aria-busy={uploading}
          aria-labelledby={`${id}-title`}
          className="backoffice-video-upload__form"
          onSubmit={(event) => void start(event)}
        >
          <div className="field-type text">
            <label className="field-label" htmlFor={`${id}-name`}>
              {t('videoUploadNameLabel')}
            </label>
            <input
              className="backoffice-video-upload__title-input"
              disabled={uploading}
              id={`${id}-name`}
              maxLength={videoTitleMaxLength}
              name="title"
              onChange={(event) => dispatch({ title: event.target.value, type: 'setTitle' })}
              ref={titleInput}
              type="text"
              value={state.title}
            />
          </div>
          <div className="field-type">
            <label className="field-label" htmlFor={`${id}-file`} id={`${id}-file-label`}>
              {t('videoUploadFileLabel')}
            </label>
            <VideoFileDropzone
              disabled={uploading}
              file={state.phase === 'file' || state.phase === 'uploading' ? state.file : null}
              inputId={`${id}-file`}
              key={fileInput}
              label={`${id}-file-label`}
              onFile={(file) => {
                setNotice(null)
                dispatch({ file, type: 'chooseFile' })
              }}
              t={t}
            />
          </div>
          {noticeLine}
          {choiceList('categories', categories)}
          {choiceList('tags', tags)}
          {progress}
          <div className="backoffice-video-upload__actions">
            <Button
              buttonStyle="primary"
              disabled={!canStart || uploading}
              margin={false}
              type="submit"
            >
              {t('videoUploadStart')}
            </Button>
            <Button
              buttonStyle="secondary"
              disabled={uploading}
              margin={false}
              onClick={reset}
              type="button"
            >
              {t('videoUploadReset')}
            </Button>
          </div>
        </form>
      )}
    </Drawer>
  )
}
