export { type AuditEventName, auditEvents } from './shared/audit/auditEvents.js'
export {
  type AuditEventInput,
  type AuditParty,
  recordAuditEvent,
} from './shared/audit/recordAuditEvent.js'
export { BackofficeError } from './shared/errors/BackofficeError.js'
export { type BackofficeErrorCode, errorCatalogue } from './shared/errors/catalogue.js'
export {
  backofficeEndpoint,
  type EndpointDeclaration,
  type HandlerContext,
} from './shared/endpoint/backofficeEndpoint.js'
export { errorResponse } from './shared/errors/errorResponse.js'
export { getPluginOptions } from './shared/options/getPluginOptions.js'
export type {
  BackofficePluginOptions,
  SanitizedBackofficeOptions,
  SsoOptions,
  SsoProviderOptions,
} from './shared/options/types.js'
export {
  assertPasswordAllowed,
  passwordPolicyExemptKey,
} from './policies/passwordPolicy/assertPasswordAllowed.js'
export { backofficePlugin } from './plugin.js'
export { freshProof } from './policies/sudo/freshProof.js'
export { administeredAccount } from './shared/request/administeredAccount.js'
export { administrator } from './shared/request/administrator.js'
export type { EndpointGuard } from './shared/request/EndpointGuard.js'
export { maybeSignedIn } from './shared/request/maybeSignedIn.js'
export type { SessionUser } from './shared/request/requestUser.js'
export { sameSite } from './shared/request/sameSite.js'
export { signedIn } from './shared/request/signedIn.js'
export { signedInSession } from './shared/request/signedInSession.js'
export { safeURL, type SlateHtmlOptions, slateToHtml } from './content/richtext/slateToHtml.js'
export { slateToPlainText } from './content/richtext/slateToPlainText.js'
export { seoFieldsWithSpecGauge, seoLengthLimits } from './content/seo/seoFieldsWithSpecGauge.js'
export { liftSuspension, suspendAccount } from './policies/suspension/suspendAccount.js'
export {
  resetSecondFactorWithServerAccess,
  type ServerAccessResetArgs,
  type ServerAccessResetResult,
} from './policies/twoFactor/resetRequests/serverAccessReset.js'
export {
  type AuthenticationLevel,
  revokeSessions,
  type RevokeSessionsArgs,
  type SessionRevocationReason,
} from './policies/sessions/index.js'
export { backofficeTranslations, translationNamespace } from './shared/translations/index.js'
export type {
  BackofficeLanguage,
  BackofficeTranslationKey,
  BackofficeTranslationTable,
} from './shared/translations/types.js'
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
