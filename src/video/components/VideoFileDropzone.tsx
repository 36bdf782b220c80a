'use client'

import { Button, Dropzone } from '@payloadcms/ui'
import { formatFilesize } from 'payload/shared'
import { useRef } from 'react'

import type { useVideoTranslation } from './useVideoTranslation.js'

import './VideoFileDropzone.css'

/**
 * The file of the upload modal in Payload's upload idiom: its dropzone, taking a dropped or pasted
 * file, with a “Select a file” button opening the browser's picker (video files only), and, once a
 * file is chosen, its name and size. Name and size are isolated (`<bdi>`): a file name in another
 * direction than the page keeps the size beside it.
 */
export const VideoFileDropzone = ({
  disabled,
  file,
  inputId,
  label,
  onFile,
  t,
}: {
  disabled: boolean
  file: File | null
  inputId: string
  /** The id of the label naming the field. */
  label: string
  onFile: (file: File) => void
  t: ReturnType<typeof useVideoTranslation>
}) => {
  const input = useRef<HTMLInputElement>(null)
  const take = (files: FileList | null) => {
    const chosen = files?.[0]
    if (chosen) {
      onFile(chosen)
    }
  }
  return (
    <Dropzone className="backoffice-video-upload__dropzone" disabled={disabled} onChange={take}>
      <div
        className={[
          'backoffice-video-upload__dropzone-content',
          file ? 'backoffice-video-upload__dropzone-content--chosen' : null,
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {file ? (
          <p className="backoffice-video-upload__file">
            <bdi className="backoffice-video-upload__file-name">{file.name}</bdi>{' '}
            <bdi>({formatFilesize(file.size)})</bdi>
          </p>
        ) : null}
        <div className="backoffice-video-upload__picker">
          <Button
            aria-describedby={label}
            buttonStyle="pill"
            disabled={disabled}
            margin={false}
            onClick={() => input.current?.click()}
            size="small"
            type="button"
          >
            {file ? t('videoUploadChangeFile') : t('videoUploadSelectFile')}
          </Button>
          {!file && (
            <p className="backoffice-video-upload__drop-text">{t('videoUploadDragAndDrop')}</p>
          )}
        </div>
        {/* The picker the button opens; labelled for assistive technology and tests alike. */}
        <input
          accept="video/*"
          aria-labelledby={label}
          disabled={disabled}
          hidden
          id={inputId}
          name="file"
          onChange={(event) => {
            take(event.target.files)
            // The same file chosen again after a reset still fires a change.
            event.target.value = ''
          }}
          ref={input}
          type="file"
        />
      </div>
    </Dropzone>
  )
}
