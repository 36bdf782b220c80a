'use client'

import { useTranslation } from '@payloadcms/ui'
import React from 'react'

import { cssVariables } from '../../../shared/components/cssVariables.js'
import { seoLengthGauge } from '../seoLengthGauge.js'
import './SeoLengthIndicator.css'

/**
 * The pill, character counter and bar under a meta title or description. Its texts are the SEO
 * plugin's own (`plugin-seo:*`, translated into every admin language the plugin ships), since this
 * only ever stands in for the plugin's indicator.
 */
export const SeoLengthIndicator = ({
  maxLength,
  minLength,
  text,
}: {
  maxLength: number
  minLength: number
  text: string
}) => {
  const { t } = useTranslation()
  const translate = t as (key: string, variables?: Record<string, unknown>) => string
  const length = text.length
  const { barWidth, colour, verdict } = seoLengthGauge(length, minLength, maxLength)

  let remainder: string
  if (length < minLength) {
    remainder = translate('plugin-seo:charactersToGo', { characters: minLength - length })
  } else if (length <= maxLength) {
    remainder = translate('plugin-seo:charactersLeftOver', { characters: maxLength - length })
  } else {
    remainder = translate('plugin-seo:charactersTooMany', { characters: length - maxLength })
  }

  return (
    <div
      className="seo-length backoffice-seo-length"
      data-verdict={verdict}
      style={cssVariables({
        '--backoffice-seo-length-colour': colour,
        '--backoffice-seo-length-fill': `${barWidth * 100}%`,
      })}
    >
      <div className="seo-length__pill backoffice-seo-length__pill">
        <small>{translate(`plugin-seo:${verdict}`)}</small>
      </div>
      <div className="backoffice-seo-length__counter">
        <small className="seo-length__count">
          {translate('plugin-seo:characterCount', { current: length, maxLength, minLength })}
          {remainder}
        </small>
      </div>
      <div className="backoffice-seo-length__track">
        <div className="seo-length__bar backoffice-seo-length__bar" />
      </div>
    </div>
  )
}
