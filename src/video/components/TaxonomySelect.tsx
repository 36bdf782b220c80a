'use client'

import { ReactSelect, type ReactSelectOption } from '@payloadcms/ui'
import { useState } from 'react'

import type { useVideoTranslation } from './useVideoTranslation.js'
import type { VideoTaxonomy } from './videoApi.js'

import { ClearSelection } from './ClearSelection.js'
import { OpenMenuIndicator } from './OpenMenuIndicator.js'

type TaxonomyOption = ReactSelectOption<string> & { create?: string; label: string }

/** The value of the extra option that creates what was typed; never an id. */
const createValue = '\u0000create'

const nameOf = (entry: VideoTaxonomy) => entry.name ?? entry.slug ?? String(entry.id)

/**
 * Categories or tags in the upload modal: Payload's select, several at once, searchable. Where the
 * person may create entries (`onCreate` given), typing a name that is not there yet offers
 * “Create …”, which creates it and selects it; without create access the option never appears.
 */
export const TaxonomySelect = ({
  disabled,
  entries,
  inputId,
  onCreate,
  onToggle,
  t,
  ticked,
}: {
  disabled: boolean
  entries: null | VideoTaxonomy[]
  inputId: string
  onCreate: ((name: string) => Promise<void>) | null
  onToggle: (ids: string[]) => void
  t: ReturnType<typeof useVideoTranslation>
  ticked: Set<string>
}) => {
  const [typed, setTyped] = useState('')
  const [creating, setCreating] = useState(false)
  const listed: TaxonomyOption[] = (entries ?? []).map((entry) => ({
    label: nameOf(entry),
    value: String(entry.id),
  }))
  const name = typed.trim()
  const exists = listed.some((option) => option.label.toLowerCase() === name.toLowerCase())
  const options =
    onCreate && name !== '' && !exists
      ? [...listed, { create: name, label: t('videoTaxonomyCreate', { name }), value: createValue }]
      : listed
  const extra = {
    inputValue: typed,
    onInputChange: (text: string, meta: { action: string }) => {
      if (meta.action === 'input-change') {
        setTyped(text)
      } else if (meta.action === 'menu-close' || meta.action === 'set-value') {
        setTyped('')
      }
    },
    formatOptionLabel: (option: TaxonomyOption) => <bdi>{option.label}</bdi>,
  }
  return (
    <ReactSelect
      components={{ ClearIndicator: ClearSelection, DropdownIndicator: OpenMenuIndicator }}
      disabled={disabled || creating || entries === null}
      inputId={inputId}
      isClearable
      isLoading={entries === null || creating}
      isMulti
      isSearchable
      noOptionsMessage={() => t(onCreate ? 'videoTaxonomyNoneCreate' : 'videoUploadNoChoices')}
      onChange={(value) => {
        const chosen = (Array.isArray(value) ? value : value ? [value] : []) as TaxonomyOption[]
        const wanted = chosen.find((option) => option.create !== undefined)?.create
        onToggle(chosen.filter((option) => option.value !== createValue).map((o) => o.value))
        if (wanted !== undefined && onCreate) {
          setCreating(true)
          void onCreate(wanted).finally(() => setCreating(false))
        }
      }}
      options={options}
      placeholder={t(onCreate ? 'videoTaxonomyPlaceholderCreate' : 'videoTaxonomyPlaceholder')}
      value={listed.filter((option) => ticked.has(option.value))}
      {...(extra as object)}
    />
  )
}
