'use client'

import { useConfig, useDocumentInfo, useDocumentTitle, useForm, useLocale } from '@payloadcms/ui'
import { reduceToSerializableFields } from '@payloadcms/ui/shared'
import { formatAdminURL } from 'payload/shared'
import { useCallback } from 'react'

/**
 * Asks one of the SEO plugin's generate endpoints (`/plugin-seo/generate-title`, `-description`, …)
 * for a value, with the document as the form holds it. The endpoints answer only a signed-in user
 * with admin access who may read or create the document, so the session cookie goes along. A refusal
 * throws (with the server's message) instead of passing on an empty value, which would wipe what the
 * editor had typed.
 */
export const useSeoGenerate = (kind: 'description' | 'image' | 'title' | 'url') => {
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const { getData } = useForm()
  const docInfo = useDocumentInfo()
  const { title } = useDocumentTitle()
  const locale = useLocale()

  return useCallback(async (): Promise<unknown> => {
    const response = await fetch(
      formatAdminURL({ apiRoute: api, path: `/plugin-seo/generate-${kind}` }),
      {
        body: JSON.stringify({
          id: docInfo.id,
          collectionSlug: docInfo.collectionSlug,
          doc: getData(),
          docPermissions: docInfo.docPermissions,
          globalSlug: docInfo.globalSlug,
          hasPublishPermission: docInfo.hasPublishPermission,
          hasSavePermission: docInfo.hasSavePermission,
          initialData: docInfo.initialData,
          initialState: reduceToSerializableFields(docInfo.initialState ?? {}),
          locale: typeof locale === 'object' ? locale?.code : locale,
          title,
        }),
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
      },
    )
    const body = (await response.json().catch(() => ({}))) as {
      errors?: { message?: string }[]
      result?: unknown
    }
    if (!response.ok) {
      // Payload's error bodies carry a message already in the admin's language.
      throw new Error(body.errors?.[0]?.message ?? '')
    }
    return body.result
  }, [api, docInfo, getData, kind, locale, title])
}
