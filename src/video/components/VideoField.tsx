'use client'

import type { TextFieldClientProps } from 'payload'

import {
  Banner,
  Button,
  FieldError,
  FieldLabel,
  toast,
  useConfig,
  useDrawerSlug,
  useField,
  useModal,
  useTranslation,
} from '@payloadcms/ui'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { UploadSettings } from './UploadVideoDrawer.js'

import { encodingFailureCode } from '../lib/encodingFailureCode.js'
import { encodingFailureText } from '../lib/encodingFailureText.js'
import { type VideoSiblingValues, videoSiblingValues } from '../lib/videoFieldValues.js'
import { videoOptionLabel } from '../lib/videoLabel.js'
import { UploadVideoDrawer } from './UploadVideoDrawer.js'
import { useVideoTranslation } from './useVideoTranslation.js'
import { videoApi } from './videoApi.js'
import { VideoPlayer } from './VideoPlayer.js'

type Props = TextFieldClientProps &
  UploadSettings & {
    /** Whether the field offers "Upload video" (the field's settings). */
    allowUpload: boolean
    /** The video plugin's mount: its endpoints live under `/api/{mount}`. */
    mount: string
  }

/** How often a video being uploaded or encoded is asked for again. */
const pollMs = 2_000

const styles = {
  controls: {
    alignItems: 'center',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 'calc(var(--base) / 2)',
  },
  error: { marginBlock: 'calc(var(--base) / 2)' },
  player: { marginBlockStart: 'var(--base)' },
  select: { flex: '1 1 16rem', minBlockSize: '2.5rem', minInlineSize: 0 },
} as const

/** A ref that follows `value`, for callbacks that must not be recreated when it changes. */
const useLatest = <T,>(value: T) => {
  const ref = useRef(value)
  useEffect(() => {
    ref.current = value
  })
  return ref
}

const sameVideo = (a: unknown, b: unknown) => a != null && b != null && String(a) === String(b)

/**
 * The video field: a select of the plugin's videos (each labelled with its tag, then its
 * title), a reload button, "Upload video" when the field allows uploads (the Upload Video modal),
 * and a player. It stores the video's id and fills the group's other fields from it (dataUrl,
 * status, visibility, the preview URLs and the record as JSON); clearing it sets the id and
 * dataUrl to null. Without the plugin it shows a banner asking to configure it. A video that failed
 * to encode says why in the admin's language, from its failure code, and offers Retry.
 */
export const VideoField = ({
  allowUpload,
  categories,
  field,
  mount,
  path: pathProp,
  readOnly,
  tags,
  uploadVisibility,
}: Props) => {
  const t = useVideoTranslation()
  const { i18n } = useTranslation()
  const { config } = useConfig()
  const { openModal } = useModal()
  const { errorMessage, path, setValue, showError, value } = useField<null | string>({
    path: pathProp,
  })
  const group = path.includes('.') ? path.slice(0, path.lastIndexOf('.') + 1) : ''
  const siblings = {
    data: useField<null | string>({ path: `${group}data` }),
    dataUrl: useField<null | string>({ path: `${group}dataUrl` }),
    previewThumbnailUrl: useField<null | string>({ path: `${group}previewThumbnailUrl` }),
    previewVideoUrl: useField<null | string>({ path: `${group}previewVideoUrl` }),
    status: useField<null | string>({ path: `${group}status` }),
    visibility: useField<null | string>({ path: `${group}visibility` }),
  }
  const drawerSlug = useDrawerSlug(`backoffice-video-upload-${path}`)
  const api = useMemo(
    () =>
      videoApi({
        apiRoute: config.routes.api,
        language: i18n.language,
        mount,
        serverURL: config.serverURL,
        t,
      }),
    [config.routes.api, config.serverURL, i18n.language, mount, t],
  )
  const [plugin, setPlugin] = useState<
    'checking' | 'configured' | 'unconfigured' | { problems: string[] }
  >('checking')
  const [videos, setVideos] = useState<null | VideoRecord[]>(null)
  const [loading, setLoading] = useState(false)
  const [retrying, setRetrying] = useState(false)
  const selected = videos?.find((video) => sameVideo(video.id, value)) ?? null
  const inputId = `field-${path.replace(/\./g, '__')}`

  /** Writes the siblings of `video`; `quietly` leaves the form unmodified (a refresh, not an edit). */
  const fill = (video: VideoRecord, quietly: boolean) => {
    const values = videoSiblingValues(video)
    for (const name of Object.keys(values) as (keyof VideoSiblingValues)[]) {
      if ((siblings[name].value ?? null) !== values[name]) {
        siblings[name].setValue(values[name], quietly)
      }
    }
  }
  const fillRef = useLatest(fill)
  const valueRef = useLatest(value)
  // Payload's setter changes with the form's state; the list is loaded once, not on each change.
  const setValueRef = useLatest(setValue)

  const load = useCallback(
    async (select?: number | string) => {
      setLoading(true)
      try {
        const list = await api.list()
        if (list === null) {
          // Logged only: the select keeps what it showed, and Reload asks again.
          console.error('payload-backoffice video: the list of videos could not be loaded')
          return
        }
        const wanted = select ?? valueRef.current
        if (wanted != null && wanted !== '' && !list.some((video) => sameVideo(video.id, wanted))) {
          // Older than the newest hundred: asked for on its own.
          const one = await api.one(wanted)
          if (one) {
            list.push(one)
          }
        }
        setVideos(list)
        const video = list.find((candidate) => sameVideo(candidate.id, wanted))
        if (select !== undefined) {
          // A new selection is an edit; the stored video's newer state (encoded since) is not, and
          // the siblings follow it on their own (below). The id is written last: see `choose`.
          if (video) {
            fillRef.current(video, false)
          }
          setValueRef.current(String(select))
        }
      } finally {
        setLoading(false)
      }
    },
    [api, fillRef, setValueRef, valueRef],
  )

  useEffect(() => {
    let current = true
    const start = async () => {
      const status = await api.status()
      if (!current) {
        return
      }
      if (status === 'unconfigured') {
        setPlugin('unconfigured')
        return
      }
      setPlugin(
        typeof status === 'object' && !status.available
          ? { problems: status.problems }
          : 'configured',
      )
      await load()
    }
    void start()
    return () => {
      current = false
    }
  }, [api, load])

  // A video being uploaded or encoded is asked for again until it settles, label and player with it.
  const pending = selected?.status === 'NO_FILE' || selected?.status === 'PROGRESSING'
  const selectedId = selected?.id
  useEffect(() => {
    if (!pending || selectedId === undefined) {
      return
    }
    const timer = setInterval(() => {
      void api.one(selectedId).then((video) => {
        if (!video) {
          return
        }
        setVideos((list) =>
          list ? list.map((entry) => (sameVideo(entry.id, video.id) ? video : entry)) : list,
        )
      })
    }, pollMs)
    return () => clearInterval(timer)
  }, [api, pending, selectedId])

  // The siblings follow the selected video, quietly (a refresh, not an edit): on load, as it
  // encodes, and whenever something else wrote over them. Payload's form keeps `isModified` only on
  // the field set last, and an autosave's answer puts its older values back into every field not
  // so marked (@payloadcms/ui 3.90, `mergeServerFormState`): without this a post saved after its
  // video finished encoding could keep a null dataUrl.
  const expected = selected ? videoSiblingValues(selected) : null
  const drifted =
    expected !== null &&
    (Object.keys(expected) as (keyof VideoSiblingValues)[]).some(
      (name) => (siblings[name].value ?? null) !== expected[name],
    )
  useEffect(() => {
    if (drifted && selected) {
      fillRef.current(selected, true)
    }
  }, [drifted, fillRef, selected])

  const choose = (id: string) => {
    if (id === '') {
      // The id and dataUrl both null: a front end reading the document finds no video rather
      // than the stream of the one chosen before.
      setValue(null)
      siblings.dataUrl.setValue(null)
      return
    }
    const video = videos?.find((candidate) => sameVideo(candidate.id, id))
    if (video) {
      fill(video, false)
    }
    // Last, so the id is the field Payload's form marks as modified, which an autosave's older
    // answer leaves alone.
    setValue(id)
  }

  const retry = async () => {
    if (!selected) {
      return
    }
    setRetrying(true)
    try {
      const answer = await api.retry(selected.id)
      if (!answer.ok) {
        toast.error(answer.message ?? t('videoBackendProblem', { status: String(answer.status) }))
        return
      }
      toast.success(t('videoRetried'))
      const video = await api.one(selected.id)
      if (video) {
        setVideos((list) =>
          list ? list.map((entry) => (sameVideo(entry.id, video.id) ? video : entry)) : list,
        )
      }
    } finally {
      setRetrying(false)
    }
  }

  if (plugin === 'unconfigured') {
    return (
      <div className="field-type backoffice-video-field" role="alert">
        <Banner type="error">{t('videoNotConfigured')}</Banner>
      </div>
    )
  }
  const translate = (key: Parameters<typeof t>[0], variables?: Record<string, number>) =>
    t(key, variables)
  return (
    <div
      aria-busy={plugin === 'checking' || loading}
      className="field-type backoffice-video-field"
      data-video-id={value ?? ''}
    >
      <FieldLabel
        htmlFor={inputId}
        label={field.label || t('videoSelectLabel')}
        path={path}
        required={field.required}
      />
      {showError && <FieldError message={errorMessage} path={path} showError />}
      {typeof plugin === 'object' && (
        <div role="alert">
          <Banner type="error">
            {t('videoToolsMissing', { problems: plugin.problems.join('; ') })}
          </Banner>
        </div>
      )}
      <div style={styles.controls}>
        <select
          className="backoffice-video-field__select"
          disabled={readOnly || videos === null}
          id={inputId}
          name={path}
          onChange={(event) => choose(event.target.value)}
          style={styles.select}
          value={value ?? ''}
        >
          <option value="">
            {videos === null ? t('videoSelectLoading') : t('videoSelectNone')}
          </option>
          {videos?.map((video) => (
            <option key={String(video.id)} value={String(video.id)}>
              {videoOptionLabel(video, translate)}
            </option>
          ))}
        </select>
        <Button
          aria-label={t('videoReloadLabel')}
          buttonStyle="secondary"
          disabled={loading || plugin === 'checking'}
          margin={false}
          onClick={() => void load()}
          size="medium"
          type="button"
        >
          {t('videoReload')}
        </Button>
        {allowUpload && (
          <Button
            buttonStyle="secondary"
            disabled={readOnly || plugin === 'checking'}
            margin={false}
            onClick={() => openModal(drawerSlug)}
            size="medium"
            type="button"
          >
            {t('videoUploadOpen')}
          </Button>
        )}
      </div>
      {selected?.status === 'ERROR' && (
        <div
          className="backoffice-video-field__error"
          data-failure-code={encodingFailureCode(selected.transcode?.error) ?? ''}
          role="alert"
          style={styles.error}
        >
          <p>{encodingFailureText(selected.transcode, t)}</p>
          <Button
            buttonStyle="secondary"
            disabled={retrying || readOnly}
            margin={false}
            onClick={() => void retry()}
            size="small"
            type="button"
          >
            {t('videoRetry')}
          </Button>
        </div>
      )}
      {selected && (
        <div style={styles.player}>
          <VideoPlayer video={selected} />
        </div>
      )}
      {allowUpload && !readOnly && (
        <UploadVideoDrawer
          api={api}
          drawerSlug={drawerSlug}
          onUploaded={(videoId) => load(videoId)}
          settings={{ categories, tags, uploadVisibility }}
        />
      )}
    </div>
  )
}
