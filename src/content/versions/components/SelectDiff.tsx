'use client'

import type { SelectFieldDiffClientComponent } from 'payload'

import {
  escapeDiffHTML,
  FieldDiffContainer,
  getHTMLDiffComponents,
  unescapeDiffHTML,
  useTranslation,
} from '@payloadcms/ui'
import React from 'react'

import { optionLabels, type SelectOption } from '../../../shared/lib/optionLabels.js'

/**
 * The version comparison of a select field by its option labels. Payload 3.90's own diff turns a
 * `hasMany` value into JSON before looking its options up, so it shows `["editors"]` instead of
 * "Editors"; this one looks up every value, with the same markup and character-level highlighting.
 */
export const SelectDiff: SelectFieldDiffClientComponent = ({
  comparisonValue,
  field,
  locale,
  nestingLevel,
  versionValue,
}) => {
  const { i18n } = useTranslation()
  const options = ('options' in field ? field.options : []) as readonly SelectOption[]
  const { From, To } = getHTMLDiffComponents({
    fromHTML: `<p>${escapeDiffHTML(optionLabels(comparisonValue, options, i18n))}</p>`,
    postProcess: unescapeDiffHTML,
    toHTML: `<p>${escapeDiffHTML(optionLabels(versionValue, options, i18n))}</p>`,
    tokenizeByCharacter: true,
  })
  return (
    <FieldDiffContainer
      className="select-diff"
      From={From}
      i18n={i18n}
      label={{ label: field.label, locale }}
      nestingLevel={nestingLevel}
      To={To}
    />
  )
}
