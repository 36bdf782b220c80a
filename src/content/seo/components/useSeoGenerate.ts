'use client'

import {
  useConfig,
  useDocumentInfo,
  useDocumentTitle,
  useForm,
  useLocale,
  useTranslation,
} from '@payloadcms/ui'
import { reduceToSerializableFields } from '@payloadcms/ui/shared'
import { formatAdminURL } from 'payload/shared'
import { useCallback } from 'react'

import { callBackoffice } from '../../../shared/components/client/backofficeFetch.js'
import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

/**
 * Asks one of the SEO plugin's generate endpoints (`/plugin-seo/generate-title`, `-description`, …)
 * for a value, with the document as the form holds it. The endpoints answer only a signed-in user
 * with admin access who may read or create the document, so the session cookie goes along. A refusal
 * (with the server's message) or a request that got no answer throws instead of passing on an empty
 * value, which would wipe what the editor had typed.
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
  const { i18n } = useTranslation()
  const t = useBackofficeTranslation()

  return useCallback(async (): Promise<unknown> => {
    const answer = await callBackoffice(
      formatAdminURL({ apiRoute: api, path: `/plugin-seo/generate-${kind}` }),
      {
        body: {
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
        },
        language: i18n.language,
        t,
      },
    )
    if (!answer.ok) {
      // Payload's error bodies carry a message already in the admin's language.
      throw new Error(answer.message ?? '')
    }
    return (answer.body as { result?: unknown } | null)?.result
  }, [api, docInfo, getData, i18n.language, kind, locale, t, title])
}
