'use client'

import { Button, Drawer, toast, useModal, XIcon } from '@payloadcms/ui'
import { type FormEvent, useEffect, useId, useReducer, useState } from 'react'

import type { VideoApi, VideoTaxonomy } from './videoApi.js'

import { useBackofficeTranslation } from '../../components/client/useBackofficeTranslation.js'
import { slugify } from '../lib/slugify.js'
import { extensionOf, initialUploadWidget, uploadWidgetReducer } from '../lib/uploadWidget.js'
import { videoTitleMaxLength } from '../lib/videoRecord.js'
import { isOwnUploadUrl, uploadVideoFile } from './uploadVideoFile.js'

/** The field's upload settings (see `videoField`). */
export type UploadSettings = {
  /** Category slugs offered, ticked; null for every category, none ticked. */
  categories: null | string[]
  tags: null | string[]
  uploadVisibility: 'private' | 'public'
}

type Choices = { options: VideoTaxonomy[]; ticked: Set<string> }

const styles = {
  actions: { display: 'flex', flexWrap: 'wrap', gap: 'calc(var(--base) / 2)' },
  choice: { alignItems: 'center', display: 'flex', gap: 'calc(var(--base) / 4)' },
  fieldset: { border: 0, marginBlock: '0 var(--base)', padding: 0 },
  form: { display: 'grid', gap: 'var(--base)', maxInlineSize: '40rem' },
  header: {
    alignItems: 'center',
    display: 'flex',
    justifyContent: 'space-between',
    marginBlockEnd: 'var(--base)',
  },
  input: { inlineSize: '100%' },
  progress: { inlineSize: '100%' },
} as const

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
  const toggle = (id: string) =>
    setTicked((before) => {
      const after = new Set(before)
      if (!after.delete(id)) {
        after.add(id)
      }
      return after
    })
  const reset = () => setTicked(new Set(choices?.ticked ?? []))
  return { choices, reset, ticked, toggle }
}

/** The ticked entries' ids as the server gave them (numbers on PostgreSQL, not their text). */
const idsOf = ({ choices, ticked }: { choices: Choices | null; ticked: Set<string> }) =>
  (choices?.options ?? []).filter((option) => ticked.has(String(option.id))).map(({ id }) => id)

/**
 * The spec's Upload Video modal: "Name your video (max. 100 characters)", a file picker for
 * video/* only, category and tag choices, "Start Upload" (disabled until the category and tag
 * slugs are resolved, and while uploading), a reset button and the progress as a whole-number
 * percent. While it uploads, its close buttons are gone and Escape does nothing. A failed create
 * or upload, or an answer without videoId or signedUrl, is logged and the modal starts over; on
 * success `onUploaded` gets the new video's id.
 */
export const UploadVideoDrawer = ({
  api,
  drawerSlug,
  onUploaded,
  settings,
}: {
  api: VideoApi
  drawerSlug: string
  onUploaded: (videoId: number | string) => Promise<void> | void
  settings: UploadSettings
}) => {
  const t = useBackofficeTranslation()
  const { closeModal } = useModal()
  const id = useId()
  const [state, dispatch] = useReducer(uploadWidgetReducer, initialUploadWidget)
  const [fileInput, setFileInput] = useState(0)
  const categories = useChoices(api, 'categories', settings.categories)
  const tags = useChoices(api, 'tags', settings.tags)
  const uploading = state.phase === 'uploading'
  const resolved = categories.choices !== null && tags.choices !== null
  const canStart = resolved && state.phase === 'file' && state.title.trim() !== ''

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
    window.addEventListener('keydown', keepOpen, true)
    return () => window.removeEventListener('keydown', keepOpen, true)
  }, [uploading])

  const reset = () => {
    dispatch({ type: 'reset' })
    categories.reset()
    tags.reset()
    setFileInput((count) => count + 1)
  }

  const start = async (event: FormEvent) => {
    event.preventDefault()
    // The drawer sits in a portal, but React bubbles its submit to the document's own form.
    event.stopPropagation()
    if (!canStart || state.phase !== 'file') {
      return
    }
    const { file, title } = state
    dispatch({ type: 'start' })
    const failed = (reason: string, detail?: unknown) => {
      console.error(`payload-backoffice video: ${reason}`, detail ?? '')
      dispatch({ type: 'failed' })
      setFileInput((count) => count + 1)
    }
    const extension = extensionOf(file.name)
    // Browsers leave the type empty for containers they do not know (.mkv on some systems).
    const mimeType = file.type || `video/${extension}`
    const created = await api.createUpload({
      categories: idsOf(categories),
      extension,
      mimeType,
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
      failed('the upload request failed', created.message ?? created.body)
      return
    }
    const sent = await uploadVideoFile({
      file,
      mimeType,
      onPercent: (percent) => dispatch({ percent, type: 'progress' }),
      ownBase: api.base,
      signedUrl,
    })
    if (!sent) {
      failed('the upload of the file failed')
      return
    }
    if (!isOwnUploadUrl(api.base, signedUrl)) {
      // With S3 the server learns of the finished PUT from this call (or its next listing).
      await api.uploaded(videoId)
    }
    dispatch({ type: 'succeeded', videoId })
    toast.success(t('videoUploaded'))
    closeModal(drawerSlug)
    reset()
    await onUploaded(videoId)
  }

  const choiceList = (
    kind: 'categories' | 'tags',
    { choices, ticked, toggle }: ReturnType<typeof useChoices>,
  ) => (
    <fieldset
      aria-busy={choices === null}
      className={`backoffice-video-upload__${kind}`}
      disabled={uploading}
      style={styles.fieldset}
    >
      <legend>{t(kind === 'categories' ? 'videoUploadCategories' : 'videoUploadTags')}</legend>
      {choices === null ? null : choices.options.length === 0 ? (
        <p>{t('videoUploadNoChoices')}</p>
      ) : (
        choices.options.map((option) => (
          <label key={String(option.id)} style={styles.choice}>
            <input
              checked={ticked.has(String(option.id))}
              onChange={() => toggle(String(option.id))}
              type="checkbox"
              value={String(option.id)}
            />
            {option.name ?? option.slug ?? String(option.id)}
          </label>
        ))
      )}
    </fieldset>
  )

  const percent = state.phase === 'uploading' ? state.percent : state.phase === 'success' ? 100 : 0
  return (
    <Drawer
      className={`backoffice-video-upload${uploading ? ' backoffice-video-upload--uploading' : ''}`}
      Header={
        <div className="drawer__header" style={styles.header}>
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
      {uploading && (
        // The drawer's backdrop closes it on a click: not while a file is on its way.
        <style>{`.backoffice-video-upload--uploading .drawer__close { display: none; }`}</style>
      )}
      <form
        aria-busy={uploading}
        aria-labelledby={`${id}-title`}
        className="backoffice-video-upload__form"
        onSubmit={(event) => void start(event)}
        style={styles.form}
      >
        <div className="field-type text">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t('videoUploadNameLabel')}
          </label>
          <input
            disabled={uploading}
            id={`${id}-name`}
            maxLength={videoTitleMaxLength}
            name="title"
            onChange={(event) => dispatch({ title: event.target.value, type: 'setTitle' })}
            style={styles.input}
            type="text"
            value={state.title}
          />
        </div>
        <div className="field-type">
          <label className="field-label" htmlFor={`${id}-file`}>
            {t('videoUploadFileLabel')}
          </label>
          <input
            accept="video/*"
            disabled={uploading}
            id={`${id}-file`}
            key={fileInput}
            name="file"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) {
                dispatch({ file, type: 'chooseFile' })
              }
            }}
            type="file"
          />
        </div>
        {choiceList('categories', categories)}
        {choiceList('tags', tags)}
        <div className="backoffice-video-upload__progress">
          <label className="field-label" htmlFor={`${id}-progress`}>
            {t('videoUploadProgressLabel')}
          </label>
          <progress id={`${id}-progress`} max={100} style={styles.progress} value={percent} />
          <output className="backoffice-video-upload__percent" htmlFor={`${id}-progress`}>
            {t('videoUploadProgress', { percent })}
          </output>
        </div>
        <div style={styles.actions}>
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
    </Drawer>
  )
}
