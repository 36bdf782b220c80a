'use client'

import { ReactSelect, type ReactSelectOption } from '@payloadcms/ui'

import type { VideoRecord } from '../lib/videoRecord.js'
import type { useVideoOptions } from './useVideoOptions.js'
import type { useVideoTranslation } from './useVideoTranslation.js'

import { videoOptionLabel } from '../lib/videoLabel.js'
import { ClearSelection } from './ClearSelection.js'
import { OpenMenuIndicator } from './OpenMenuIndicator.js'
import { VideoOptionLabel } from './VideoOptionLabel.js'

type VideoOption = ReactSelectOption<string> & { label: string; video: VideoRecord }

const optionOf = (video: VideoRecord, t: ReturnType<typeof useVideoTranslation>): VideoOption => ({
  label: videoOptionLabel(video, t),
  value: String(video.id),
  video,
})

/**
 * Payload's own select (the one its relationship field uses) over the plugin's videos: searchable
 * on the server as the person types, the next page loaded when the menu is scrolled to its end,
 * clearable, and driven by the keyboard like any of Payload's selects. Each option shows the title
 * with its status as a pill (`VideoOptionLabel`).
 */
export const VideoSelect = ({
  disabled,
  inputId,
  onChange,
  options,
  selected,
  showError,
  t,
}: {
  disabled: boolean
  inputId: string
  onChange: (video: null | VideoRecord) => void
  options: ReturnType<typeof useVideoOptions>
  selected: null | VideoRecord
  showError: boolean
  t: ReturnType<typeof useVideoTranslation>
}) => {
  const listed = (options.videos ?? []).map((video) => optionOf(video, t))
  // react-select passes its own options to these; only ours reach them.
  const extra = {
    formatOptionLabel: (option: VideoOption) => <VideoOptionLabel t={t} video={option.video} />,
    getOptionLabel: (option: VideoOption) => option.label,
    // The server has filtered by every word typed: the menu shows what it answered.
    filterOption: () => true,
    inputValue: options.search,
    onInputChange: (text: string, meta: { action: string }) => {
      // Choosing or leaving the menu clears react-select's input; only typing is a new search.
      if (meta.action === 'input-change') {
        options.setSearch(text)
      } else if (meta.action === 'menu-close' || meta.action === 'set-value') {
        options.setSearch('')
      }
    },
  }
  return (
    <ReactSelect
      components={{ ClearIndicator: ClearSelection, DropdownIndicator: OpenMenuIndicator }}
      className="backoffice-video-field__select"
      disabled={disabled}
      inputId={inputId}
      isClearable
      isLoading={options.loading}
      isSearchable
      noOptionsMessage={({ inputValue }) =>
        inputValue.trim() === ''
          ? t('videoSelectEmpty')
          : t('videoSelectNoMatch', { search: inputValue.trim() })
      }
      onChange={(option) =>
        onChange(option && !Array.isArray(option) ? (option as VideoOption).video : null)
      }
      onMenuScrollToBottom={options.more}
      options={listed}
      showError={showError}
      placeholder={options.videos === null ? t('videoSelectLoading') : t('videoSelectNone')}
      // Null, not undefined: react-select keeps a choice of its own when given no value.
      value={(selected ? optionOf(selected, t) : null) as unknown as VideoOption}
      {...(extra as object)}
    />
  )
}
