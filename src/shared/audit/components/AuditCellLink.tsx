'use client'

import type { DefaultCellComponentProps } from 'payload'
import type { ReactNode } from 'react'

import { Link, useConfig } from '@payloadcms/ui'
import { formatAdminURL } from 'payload/shared'

/**
 * The link to the entry that Payload's default cell puts around the list's first column: a custom
 * cell replaces the default one whole, link included, so each of ours adds it back.
 */
export const AuditCellLink = ({
  children,
  collectionSlug,
  link,
  linkURL,
  rowData,
}: Pick<DefaultCellComponentProps, 'collectionSlug' | 'link' | 'linkURL' | 'rowData'> & {
  children: ReactNode
}) => {
  const {
    config: {
      routes: { admin: adminRoute },
    },
  } = useConfig()
  if (!link) {
    return <>{children}</>
  }
  const href =
    linkURL ??
    formatAdminURL({
      adminRoute,
      path: `/collections/${collectionSlug}/${encodeURIComponent(String(rowData.id))}`,
    })
  return (
    <Link href={href} prefetch={false}>
      {children}
    </Link>
  )
}
