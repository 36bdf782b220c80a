import { videoTitleMaxLength } from './videoRecord.js'

/**
 * The upload widget's states: `new`, then `file` (a file chosen, the title prefilled from its name),
 * then `uploading`, then `success`. A failed create or upload returns to `new`, as does the reset
 * button. `resume` goes from `new` straight to `uploading`: the file of an upload interrupted by a
 * page reload, chosen again, whose video already exists.
 */
export type UploadWidgetState =
  | { file: File; percent: number; phase: 'uploading'; title: string }
  | { file: File; phase: 'file'; title: string }
  | { phase: 'new'; title: string }
  | { phase: 'success'; title: string; videoId: number | string }

export type UploadWidgetEvent =
  | { file: File; type: 'chooseFile' }
  | { percent: number; type: 'progress' }
  | { title: string; type: 'setTitle' }
  | { type: 'failed' }
  | { file: File; type: 'resume' }
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'succeeded'; videoId: number | string }

/** Titles are at most 100 characters (the label says so): longer input is cut, not refused. */
const cutTitle = (title: string): string => title.slice(0, videoTitleMaxLength)

/** A file's name without its extension, as the title the widget suggests. */
export const titleFromFileName = (name: string): string =>
  cutTitle(name.replace(/\.[^./\\]*$/, '').trim() || name)

/** A file's extension, lower-case and without the dot; empty when it has none. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

export const initialUploadWidget: UploadWidgetState = { phase: 'new', title: '' }

export const uploadWidgetReducer = (
  state: UploadWidgetState,
  event: UploadWidgetEvent,
): UploadWidgetState => {
  switch (event.type) {
    case 'chooseFile':
      return state.phase === 'uploading'
        ? state
        : { file: event.file, phase: 'file', title: titleFromFileName(event.file.name) }
    case 'failed':
      return initialUploadWidget
    case 'progress':
      return state.phase === 'uploading'
        ? { ...state, percent: Math.max(0, Math.min(100, Math.floor(event.percent))) }
        : state
    case 'reset':
      return state.phase === 'uploading' ? state : initialUploadWidget
    case 'resume':
      return state.phase === 'new'
        ? {
            file: event.file,
            percent: 0,
            phase: 'uploading',
            title: titleFromFileName(event.file.name),
          }
        : state
    case 'setTitle':
      return state.phase === 'new' || state.phase === 'file'
        ? { ...state, title: cutTitle(event.title) }
        : state
    case 'start':
      return state.phase === 'file' && state.title.trim() !== ''
        ? { file: state.file, percent: 0, phase: 'uploading', title: state.title }
        : state
    case 'succeeded':
      return state.phase === 'uploading'
        ? { phase: 'success', title: state.title, videoId: event.videoId }
        : state
  }
}
