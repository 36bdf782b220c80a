'use client'

import { useTranslation } from '@payloadcms/ui'
import React from 'react'

import { seoLengthGauge } from '../seoLengthGauge.js'

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
      className="seo-length"
      data-verdict={verdict}
      style={{ alignItems: 'center', display: 'flex', width: '100%' }}
    >
      <div
        className="seo-length__pill"
        style={{
          backgroundColor: colour,
          borderRadius: 2,
          color: 'white',
          flexShrink: 0,
          lineHeight: 1,
          marginInlineEnd: 10,
          padding: '4px 6px',
          whiteSpace: 'nowrap',
        }}
      >
        <small>{translate(`plugin-seo:${verdict}`)}</small>
      </div>
      <div style={{ flexShrink: 0, lineHeight: 1, marginInlineEnd: 10, whiteSpace: 'nowrap' }}>
        <small className="seo-length__count">
          {translate('plugin-seo:characterCount', { current: length, maxLength, minLength })}
          {remainder}
        </small>
      </div>
      <div
        style={{
          backgroundColor: 'var(--theme-elevation-100)',
          height: 2,
          position: 'relative',
          width: '100%',
        }}
      >
        <div
          className="seo-length__bar"
          style={{
            backgroundColor: colour,
            height: '100%',
            insetInlineStart: 0,
            position: 'absolute',
            top: 0,
            width: `${barWidth * 100}%`,
          }}
        />
      </div>
    </div>
  )
}
