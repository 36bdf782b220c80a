'use client'

import type { DocumentViewClientProps } from 'payload'

import { DefaultEditView, DocumentInfoProvider, useDocumentInfo } from '@payloadcms/ui'
import { type ComponentProps, useEffect } from 'react'

import type { PublicPasswordPolicy } from '../../../policies/passwordPolicy/publicPolicy.js'

import { AccountAuthFields } from './AccountAuthFields.js'

type Props = DocumentViewClientProps & { policy: PublicPasswordPolicy }
type DocumentInfo = ReturnType<typeof useDocumentInfo>

/** Passes the inner document's saved data up, so the page header (outside this view) shows the new title. */
const ShareSavedData = ({ setOuterData }: { setOuterData: DocumentInfo['setData'] }) => {
  const { data } = useDocumentInfo()
  useEffect(() => {
    if (data) {
      setOuterData(data)
    }
  }, [data, setOuterData])
  return null
}

/**
 * The users collection's edit view: Payload's own, with its sign-in block replaced. Payload's block
 * requires a password on create, in the browser, before anything reaches the server; here an empty
 * password means "send an invitation". Payload's edit view takes that block from the document
 * context (`BeforeFields`), not from a prop, and the context object is not exported, so the view is
 * wrapped in a second document provider built from the first one's values plus `BeforeFields`.
 * Everything else (locking, autosave, the controls) is Payload's own view, unchanged.
 */
export const UserEditView = ({ policy, ...props }: Props) => {
  const info = useDocumentInfo()
  const providerProps = {
    ...info,
    BeforeFields: <AccountAuthFields policy={policy} />,
  } as unknown as ComponentProps<typeof DocumentInfoProvider>
  return (
    <DocumentInfoProvider {...providerProps}>
      <ShareSavedData setOuterData={info.setData} />
      <DefaultEditView {...(props as ComponentProps<typeof DefaultEditView>)} />
    </DocumentInfoProvider>
  )
}
