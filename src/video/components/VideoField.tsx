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
import { UploadVideoDrawer } from './UploadVideoDrawer.js'
import { useVideoOptions } from './useVideoOptions.js'
import { useVideoTranslation } from './useVideoTranslation.js'
import { videoApi } from './videoApi.js'
import { VideoPlayer } from './VideoPlayer.js'
import { VideoSelect } from './VideoSelect.js'
import './VideoField.css'

type Props = TextFieldClientProps &
  UploadSettings & {
    /** Whether the field offers "Upload video" (the field's settings). */
    allowUpload: boolean
    /** The video plugin's mount: its endpoints live under `/api/{mount}`. */
    mount: string
  }

/** How often a video being uploaded or encoded is asked for again. */
const pollMs = 2_000

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
 * The video field: Payload's select over the plugin's videos (searched and paged on the server,
 * each shown with its title and its status as a pill; see `VideoSelect`), a reload button, "Upload video" when the field allows uploads (the Upload Video modal),
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
  const [collections, setCollections] = useState<{ categories: string; tags: string } | null>(null)
  const options = useVideoOptions(api, plugin !== 'checking' && plugin !== 'unconfigured')
  // The stored video, asked for on its own: it may be on no page the select has loaded.
  const [current, setCurrent] = useState<null | VideoRecord>(null)
  const [loading, setLoading] = useState(false)
  const [retrying, setRetrying] = useState(false)
  const selected = current && sameVideo(current.id, value) ? current : null
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

  const { reload, replace } = options
  /** The list and the stored video asked for again; `select`, a new upload, is then chosen. */
  const load = useCallback(
    async (select?: number | string) => {
      setLoading(true)
      try {
        const wanted = select ?? valueRef.current
        const [, video] = await Promise.all([
          reload(),
          wanted != null && wanted !== '' ? api.one(wanted) : null,
        ])
        if (video) {
          setCurrent(video)
        }
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
    [api, fillRef, reload, setValueRef, valueRef],
  )

  useEffect(() => {
    let active = true
    const start = async () => {
      const status = await api.status()
      if (!active) {
        return
      }
      if (status === 'unconfigured') {
        setPlugin('unconfigured')
        return
      }
      if (typeof status === 'object') {
        setCollections(status.collections)
      }
      setPlugin(
        typeof status === 'object' && !status.available
          ? { problems: status.problems }
          : 'configured',
      )
    }
    void start()
    return () => {
      active = false
    }
  }, [api])

  // The stored video (on load, or put there by anything else than this select) is asked for once.
  const ready = plugin !== 'checking' && plugin !== 'unconfigured'
  const knownId = current?.id
  useEffect(() => {
    if (!ready || value == null || value === '' || sameVideo(knownId, value)) {
      return
    }
    let active = true
    void api.one(value).then((video) => {
      if (active && video) {
        setCurrent(video)
      }
    })
    return () => {
      active = false
    }
  }, [api, knownId, ready, value])

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
        setCurrent(video)
        replace(video)
      })
    }, pollMs)
    return () => clearInterval(timer)
  }, [api, pending, replace, selectedId])

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

  const choose = (video: null | VideoRecord) => {
    if (video === null) {
      // The id and dataUrl both null: a front end reading the document finds no video rather
      // than the stream of the one chosen before.
      setCurrent(null)
      setValue(null)
      siblings.dataUrl.setValue(null)
      return
    }
    setCurrent(video)
    fill(video, false)
    // Last, so the id is the field Payload's form marks as modified, which an autosave's older
    // answer leaves alone.
    setValue(String(video.id))
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
        setCurrent(video)
        replace(video)
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
  return (
    <div
      aria-busy={plugin === 'checking' || loading || options.loading}
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
      <div className="backoffice-video-field__controls">
        <div className="backoffice-video-field__select-wrap">
          <VideoSelect
            disabled={Boolean(readOnly) || !ready}
            inputId={inputId}
            onChange={choose}
            options={options}
            selected={selected}
            showError={showError}
            t={t}
          />
        </div>
        <Button
          aria-label={t('videoReloadLabel')}
          buttonStyle="secondary"
          disabled={loading || !ready}
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
        <div className="backoffice-video-field__player">
          <VideoPlayer video={selected} />
        </div>
      )}
      {allowUpload && !readOnly && (
        <UploadVideoDrawer
          api={api}
          collections={collections}
          drawerSlug={drawerSlug}
          onUploaded={(videoId) => load(videoId)}
          settings={{ categories, tags, uploadVisibility }}
        />
      )}
    </div>
  )
}
