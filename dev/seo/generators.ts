import type {
  GenerateDescription,
  GenerateImage,
  GenerateTitle,
  GenerateURL,
} from '@payloadcms/plugin-seo/types'

import { slateToPlainText } from 'payload-backoffice'

/** Search engines cut descriptions at about 150 characters (the SEO plugin's own upper bound). */
const DESCRIPTION_MAX = 150
const SITE_NAME = 'Backoffice Demo'

type ContentDoc = {
  content?: unknown
  excerpt?: null | string
  heroImage?: { id: number | string } | null | number | string
  slug?: null | string
  title?: null | string
}

const truncateAtWord = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) {
    return flat
  }
  const cut = flat.slice(0, max - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`
}

export const generateTitle: GenerateTitle<ContentDoc> = ({ doc }) =>
  doc?.title ? `${doc.title} | ${SITE_NAME}` : SITE_NAME

/** The excerpt when there is one, else the start of the rich text, cut at a word boundary. */
export const generateDescription: GenerateDescription<ContentDoc> = ({ doc }) =>
  truncateAtWord(doc?.excerpt || slateToPlainText(doc?.content), DESCRIPTION_MAX)

export const generateImage: GenerateImage<ContentDoc> = ({ doc }) => {
  const image = doc?.heroImage
  return image && typeof image === 'object' ? image.id : (image ?? '')
}

export const generateURL: GenerateURL<ContentDoc> = ({ collectionConfig, doc, req }) => {
  const base = req.payload.config.serverURL || 'http://localhost:3000'
  const prefix = collectionConfig?.slug === 'posts' ? '/posts' : ''
  return `${base}${prefix}/${doc?.slug ?? ''}`
}
