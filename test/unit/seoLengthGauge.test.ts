import { describe, expect, it } from 'vitest'

import {
  seoFieldsWithSpecGauge,
  seoLengthLimits,
} from '../../src/content/seo/seoFieldsWithSpecGauge.js'
import { seoLengthGauge } from '../../src/content/seo/seoLengthGauge.js'

const { description, title } = seoLengthLimits

describe('seoLengthGauge', () => {
  it('says "missing" for an empty text, in red with an empty bar', () => {
    expect(seoLengthGauge(0, title.minLength, title.maxLength)).toEqual({
      barWidth: 0,
      colour: 'red',
      verdict: 'missing',
    })
  })

  it('says "almost there" from 90 % of the minimum on, "too short" below (titles 50-60)', () => {
    expect(seoLengthGauge(1, 50, 60)).toMatchObject({ colour: 'orangered', verdict: 'tooShort' })
    expect(seoLengthGauge(44, 50, 60)).toMatchObject({ colour: 'orangered', verdict: 'tooShort' })
    expect(seoLengthGauge(45, 50, 60)).toEqual({
      barWidth: 0.9,
      colour: 'orange',
      verdict: 'almostThere',
    })
    expect(seoLengthGauge(49, 50, 60)).toMatchObject({ colour: 'orange', verdict: 'almostThere' })
  })

  it('says "good" within the range, both ends included, with the bar showing how far in', () => {
    expect(seoLengthGauge(50, 50, 60)).toEqual({ barWidth: 0, colour: 'green', verdict: 'good' })
    expect(seoLengthGauge(55, 50, 60)).toEqual({ barWidth: 0.5, colour: 'green', verdict: 'good' })
    expect(seoLengthGauge(60, 50, 60)).toEqual({ barWidth: 1, colour: 'green', verdict: 'good' })
  })

  it('says "too long" above the maximum, in red with a full bar', () => {
    expect(seoLengthGauge(61, 50, 60)).toEqual({ barWidth: 1, colour: 'red', verdict: 'tooLong' })
  })

  it('applies the same rule to descriptions (100-150, almost there from 90)', () => {
    const gauge = (length: number) =>
      seoLengthGauge(length, description.minLength, description.maxLength).verdict
    expect([89, 90, 99, 100, 150, 151].map(gauge)).toEqual([
      'tooShort',
      'almostThere',
      'almostThere',
      'good',
      'good',
      'tooLong',
    ])
  })

  it('fills a one-length range as soon as it is reached', () => {
    expect(seoLengthGauge(10, 10, 10)).toEqual({ barWidth: 1, colour: 'green', verdict: 'good' })
  })
})

describe('seoFieldsWithSpecGauge', () => {
  it('draws title and description with the length gauge and leaves the other SEO fields alone', () => {
    const plugin = (name: string, props: Record<string, unknown>) => ({
      name,
      type: 'text' as const,
      admin: {
        components: { Field: { clientProps: props, path: '@payloadcms/plugin-seo/client#X' } },
      },
    })
    const image = { name: 'image', type: 'upload' as const, relationTo: 'media' as const }
    const fields = seoFieldsWithSpecGauge({
      defaultFields: [
        plugin('title', { hasGenerateTitleFn: true }),
        plugin('description', { hasGenerateDescriptionFn: false }),
        image,
      ],
    })
    expect(fields[0]).toMatchObject({
      admin: {
        components: {
          Field: {
            clientProps: { hasGenerateFn: true, kind: 'title', limits: title },
            path: 'payload-backoffice/client#SeoMetaTextField',
          },
        },
      },
      name: 'title',
    })
    expect(fields[1]).toMatchObject({
      admin: {
        components: {
          Field: {
            clientProps: { hasGenerateFn: false, kind: 'description', limits: description },
          },
        },
      },
    })
    expect(fields[2]).toBe(image)
  })
})
