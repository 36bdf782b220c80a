import type { BackofficeTranslationKey } from '../translations/types.js'

/**
 * What an audit event is about, for the admin's category filter. Each category names the text its
 * filter option shows.
 */
export const auditCategories = {
  account: { translationKey: 'auditCategoryAccount' },
  authentication: { translationKey: 'auditCategoryAuthentication' },
  content: { translationKey: 'auditCategoryContent' },
  session: { translationKey: 'auditCategorySession' },
  twoFactor: { translationKey: 'auditCategoryTwoFactor' },
  user: { translationKey: 'auditCategoryUser' },
} as const satisfies Record<string, { translationKey: BackofficeTranslationKey }>

export type AuditCategory = keyof typeof auditCategories
