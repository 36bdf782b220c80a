export { type AuditEventName, auditEvents } from './audit/auditEvents.js'
export {
  type AuditEventInput,
  type AuditParty,
  recordAuditEvent,
} from './audit/recordAuditEvent.js'
export { BackofficeError } from './errors/BackofficeError.js'
export { type BackofficeErrorCode, errorCatalogue } from './errors/catalogue.js'
export { backofficeEndpoint } from './endpoint/backofficeEndpoint.js'
export { errorResponse } from './errors/errorResponse.js'
export { getPluginOptions } from './options/getPluginOptions.js'
export type {
  BackofficePluginOptions,
  SanitizedBackofficeOptions,
  SsoOptions,
  SsoProviderOptions,
} from './options/types.js'
export {
  assertPasswordAllowed,
  passwordPolicyExemptKey,
} from './passwordPolicy/assertPasswordAllowed.js'
export { backofficePlugin } from './plugin.js'
export { safeURL, type SlateHtmlOptions, slateToHtml } from './richtext/slateToHtml.js'
export { slateToPlainText } from './richtext/slateToPlainText.js'
export { seoFieldsWithSpecGauge, seoLengthLimits } from './seo/seoFieldsWithSpecGauge.js'
export { liftSuspension, suspendAccount } from './suspension/suspendAccount.js'
export {
  resetSecondFactorWithServerAccess,
  type ServerAccessResetArgs,
  type ServerAccessResetResult,
} from './twoFactor/resetRequests/serverAccessReset.js'
export {
  type AuthenticationLevel,
  revokeSessions,
  type RevokeSessionsArgs,
  type SessionRevocationReason,
} from './sessions/index.js'
export { backofficeTranslations, translationNamespace } from './translations/index.js'
export type {
  BackofficeLanguage,
  BackofficeTranslationKey,
  BackofficeTranslationTable,
} from './translations/types.js'
export {
  importVideoFile,
  type S3StorageOptions,
  videoField,
  type VideoFieldOptions,
  videoPlaybackUrls,
  videoPlugin,
  type VideoPluginOptions,
  type VideoStorageOptions,
} from './exports/deprecatedVideoExports.js'
