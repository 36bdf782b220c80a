'use client'

import type { TextareaFieldClientProps, TextFieldClientProps } from 'payload'

import {
  FieldLabel,
  TextareaInput,
  TextInput,
  toast,
  useField,
  useTranslation,
} from '@payloadcms/ui'
import React, { useState } from 'react'

import { SeoLengthIndicator } from './SeoLengthIndicator.js'
import './SeoMetaTextField.css'
import { useSeoGenerate } from './useSeoGenerate.js'

/** Search engines' own advice on each text, linked from the length tip as the SEO plugin does. */
const bestPracticesURL = {
  description: 'https://developers.google.com/search/docs/appearance/snippet#meta-descriptions',
  title: 'https://developers.google.com/search/docs/appearance/title-link#page-titles',
}

type Props = (TextareaFieldClientProps | TextFieldClientProps) & {
  hasGenerateFn?: boolean
  kind: 'description' | 'title'
  /** The SEO plugin's limits: title 50–60, description 100–150 characters. */
  limits: { maxLength: number; minLength: number }
}

/**
 * The meta title or description of the SEO plugin, with a length gauge: label,
 * auto-generate button, length tip with a best-practices link, the input, and pill, counter and bar.
 */
export const SeoMetaTextField = ({
  field,
  hasGenerateFn = false,
  kind,
  limits,
  readOnly,
}: Props) => {
  const { t } = useTranslation()
  const translate = t as (key: string, variables?: Record<string, unknown>) => string
  const {
    customComponents: { AfterInput, BeforeInput, Label } = {},
    errorMessage,
    path,
    setValue,
    showError,
    value,
  } = useField<string>()
  const generate = useSeoGenerate(kind)
  const [generating, setGenerating] = useState(false)
  const minLength = ('minLength' in field && field.minLength) || limits.minLength
  const maxLength = ('maxLength' in field && field.maxLength) || limits.maxLength
  const text = typeof value === 'string' ? value : ''

  const regenerate = async () => {
    setGenerating(true)
    try {
      const result = await generate()
      setValue(typeof result === 'string' ? result : '')
    } catch (error) {
      toast.error((error as Error).message || t('error:unknown'))
    } finally {
      setGenerating(false)
    }
  }

  const inputProps = {
    AfterInput,
    BeforeInput,
    className: 'backoffice-seo-meta__field',
    Error: errorMessage,
    path,
    readOnly,
    required: field.required,
    showError,
    value: text,
  }
  return (
    <div className={`seo-meta seo-meta--${kind} backoffice-seo-meta`}>
      <div className="backoffice-seo-meta__header">
        <div className="plugin-seo__field">
          {Label ?? (
            <FieldLabel
              label={field.label}
              localized={field.localized}
              path={path}
              required={field.required}
            />
          )}
          {hasGenerateFn && (
            <>
              {'  —  '}
              <button
                className="seo-meta__generate backoffice-seo-meta__generate"
                disabled={readOnly || generating}
                onClick={() => void regenerate()}
                type="button"
              >
                {translate('plugin-seo:autoGenerate')}
              </button>
            </>
          )}
        </div>
        <div className="backoffice-seo-meta__tip">
          {translate(
            kind === 'title' ? 'plugin-seo:lengthTipTitle' : 'plugin-seo:lengthTipDescription',
            { maxLength, minLength },
          )}
          <a href={bestPracticesURL[kind]} rel="noopener noreferrer" target="_blank">
            {translate('plugin-seo:bestPractices')}
          </a>
          .
        </div>
      </div>
      <div className="backoffice-seo-meta__input">
        {kind === 'title' ? (
          <TextInput
            {...inputProps}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => setValue(event.target.value)}
          />
        ) : (
          <TextareaInput {...inputProps} onChange={(event) => setValue(event.target.value)} />
        )}
      </div>
      <SeoLengthIndicator maxLength={maxLength} minLength={minLength} text={text} />
    </div>
  )
}
