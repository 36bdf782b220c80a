import type { BackofficeTranslationKey } from '../translations/types.js'

export type CatalogueEntry = {
  /** HTTP status the error answers with. */
  status: number
  /** Key of the message in the `backoffice` translation namespace. */
  translationKey: BackofficeTranslationKey
  /**
   * The message when the refusal knows when trying again makes sense (it sends `Retry-After`): its
   * `{{when}}` is that time, relative ("in 5 minutes").
   */
  whenKnownTranslationKey?: BackofficeTranslationKey
}

/**
 * Every failure the plugin can answer with: one stable UPPER_SNAKE code per failure, separate from the
 * human text (as in Directus' and Auth.js' catalogues). Clients and tests match on the code, never on
 * English text. 5xx errors are masked: their message never reaches the client unless in development.
 *
 * Messages are chosen so that none says which credential was wrong (ASVS 6.3.8).
 */
export const errorCatalogue = {
  // Requests that cannot be read at all
  MALFORMED_REQUEST: { status: 400, translationKey: 'errorMalformedRequest' },
  PAYLOAD_TOO_LARGE: { status: 413, translationKey: 'errorPayloadTooLarge' },
  // A body that does not match the endpoint's declared schema; `field` names the first wrong field.
  REQUEST_BODY_INVALID: { status: 400, translationKey: 'errorRequestBodyInvalid' },

  // Sign-in
  INVALID_CREDENTIALS: { status: 401, translationKey: 'errorInvalidCredentials' },
  EMAIL_INVALID: { status: 400, translationKey: 'errorEmailInvalid' },
  // 403 with Retry-After rather than 429: the login view shows the server's message for 400, 401 and
  // 403 only (Payload's own rule), and the person locked out should read why.
  LOGIN_TEMPORARILY_BLOCKED: {
    status: 403,
    translationKey: 'errorLoginTemporarilyBlocked',
    whenKnownTranslationKey: 'errorLoginTemporarilyBlockedUntil',
  },
  ACCOUNT_SUSPENDED: { status: 403, translationKey: 'errorAccountLocked' },
  WRONG_SIGN_IN_METHOD: { status: 403, translationKey: 'errorWrongSignInMethod' },
  USER_NOT_FOUND: { status: 404, translationKey: 'errorUserNotFound' },
  // Single sign-on: each ends on the login page as `?errorMessage=CODE`, never with the provider's text.
  SSO_PROVIDER_UNKNOWN: { status: 404, translationKey: 'errorSsoProviderUnknown' },
  SSO_FLOW_INVALID: { status: 400, translationKey: 'errorSsoFlowInvalid' },
  SSO_TRANSACTION_INVALID: { status: 400, translationKey: 'errorSsoTransactionInvalid' },
  SSO_RESPONSE_INVALID: { status: 400, translationKey: 'errorSsoResponseInvalid' },
  SSO_CANCELLED: { status: 401, translationKey: 'errorSsoCancelled' },
  SSO_PROVIDER_ERROR: { status: 502, translationKey: 'errorSsoProviderError' },
  SSO_UNAVAILABLE: { status: 503, translationKey: 'errorSsoUnavailable' },
  SSO_EMAIL_NOT_VERIFIED: { status: 403, translationKey: 'errorSsoEmailNotVerified' },
  SSO_NOT_ALLOWED: { status: 403, translationKey: 'errorSsoNotAllowed' },
  SSO_ACCOUNT_NOT_FOUND: { status: 403, translationKey: 'errorSsoAccountNotFound' },
  SSO_IDENTITY_MISMATCH: { status: 403, translationKey: 'errorSsoIdentityMismatch' },
  // Sudo mode at a provider without an ID token `auth_time` from the last few minutes.
  SSO_AUTHENTICATION_NOT_FRESH: { status: 403, translationKey: 'errorSsoAuthenticationNotFresh' },
  // An administrator chose a sign-in method that is neither `local` nor a configured provider.
  // OpenID Connect Back-Channel Logout 1.0 §2.8: an invalid logout token is answered 400.
  SSO_LOGOUT_TOKEN_INVALID: { status: 400, translationKey: 'errorSsoLogoutTokenInvalid' },
  SIGN_IN_METHOD_UNKNOWN: { status: 400, translationKey: 'errorSignInMethodUnknown' },
  GRAPHQL_LOGIN_DISABLED: { status: 403, translationKey: 'errorGraphqlLoginDisabled' },
  GRAPHQL_PASSWORD_RESET_DISABLED: {
    status: 403,
    translationKey: 'errorGraphqlPasswordResetDisabled',
  },
  ACCOUNT_ALREADY_ACTIVE: { status: 409, translationKey: 'errorAccountAlreadyActive' },
  ACCOUNT_ALREADY_SUSPENDED: { status: 409, translationKey: 'errorAccountAlreadySuspended' },
  // An administrator's action from another account's security panel, tried on their own account:
  // suspending oneself or mailing oneself a reset link is someone else's decision (NIST SP 800-53 AC-5).
  OWN_ACCOUNT_ACTION: { status: 403, translationKey: 'errorOwnAccountAction' },
  NOT_FOUND: { status: 404, translationKey: 'errorNotFound' },

  // Passwords and account lifecycle
  PASSWORD_REQUIRED: { status: 400, translationKey: 'errorPasswordRequired' },
  // A form's confirmation of the new password differs from it (src/shared/request/passwordConfirmation.ts).
  PASSWORDS_DO_NOT_MATCH: { status: 400, translationKey: 'errorPasswordsDoNotMatch' },
  PASSWORD_REQUIREMENTS_NOT_MET: { status: 400, translationKey: 'errorPasswordRequirementsNotMet' },
  PASSWORD_CHANGE_LOCAL_ONLY: { status: 403, translationKey: 'errorPasswordChangeLocalOnly' },
  CURRENT_PASSWORD_INCORRECT: { status: 400, translationKey: 'errorCurrentPasswordIncorrect' },
  // One's own password changes only through change password, which asks for the current one (ASVS 5.0 6.2.3).
  CURRENT_PASSWORD_REQUIRED: { status: 400, translationKey: 'errorCurrentPasswordRequired' },
  PASSWORD_UNCHANGED: { status: 400, translationKey: 'errorPasswordUnchanged' },
  // The strength meter's checks from one client address, past their limit (each costs server CPU).
  PASSWORD_STRENGTH_RATE_LIMITED: {
    status: 429,
    translationKey: 'errorPasswordStrengthRateLimited',
    whenKnownTranslationKey: 'errorPasswordStrengthRateLimitedUntil',
  },
  // Sudo mode: the change needs the password confirmed within the last few minutes (ASVS 5.0 V7.5).
  REAUTHENTICATION_REQUIRED: { status: 403, translationKey: 'errorReauthenticationRequired' },
  FIRST_USER_ALREADY_CREATED: { status: 409, translationKey: 'errorFirstUserAlreadyCreated' },
  TOKEN_INVALID_OR_EXPIRED: { status: 400, translationKey: 'errorTokenInvalidOrExpired' },
  // Approving a recovery review of an account that is not held for one (already approved, say).
  RECOVERY_REVIEW_NOT_OPEN: { status: 409, translationKey: 'errorRecoveryReviewNotOpen' },
  // Unblocking an account held for a recovery review: its approval removes what was added first.
  RECOVERY_REVIEW_OPEN: { status: 409, translationKey: 'errorRecoveryReviewOpen' },
  // An address another account's recent change may still restore: kept free until its undo link expires.
  EMAIL_RESERVED: { status: 409, translationKey: 'errorEmailReserved' },
  // An administrator's reset link for an account without a password here (single sign-on, an open
  // invitation), or within Payload's pause between two reset emails (mail-bombing).
  RESET_LINK_UNAVAILABLE: { status: 409, translationKey: 'errorResetLinkUnavailable' },
  RESET_LINK_RECENTLY_SENT: { status: 429, translationKey: 'errorResetLinkRecentlySent' },
  INVITATION_INVALID_OR_EXPIRED: { status: 400, translationKey: 'errorInvitationInvalidOrExpired' },
  // Resend or revoke of an account with no open invitation (never invited, or already revoked).
  NO_INVITATION: { status: 409, translationKey: 'errorNoInvitation' },
  INVITATION_ALREADY_ACCEPTED: { status: 409, translationKey: 'errorInvitationAlreadyAccepted' },

  // Authentication state
  AUTHENTICATION_REQUIRED: { status: 401, translationKey: 'errorAuthenticationRequired' },
  MFA_REQUIRED: { status: 401, translationKey: 'errorMfaRequired' },
  MFA_SESSION_EXPIRED: { status: 401, translationKey: 'errorMfaSessionExpired' },
  SESSION_LIFETIME_ENDED: { status: 401, translationKey: 'errorSessionLifetimeEnded' },
  MFA_TOKEN_INVALID: { status: 401, translationKey: 'errorMfaTokenInvalid' },

  // TOTP and 2FA reset requests
  TOTP_CODE_INVALID: { status: 400, translationKey: 'errorTotpCodeInvalid' },
  TOTP_RATE_LIMITED: { status: 429, translationKey: 'errorTotpRateLimited' },
  TOTP_ENROLMENT_PENDING: { status: 403, translationKey: 'errorTotpEnrolmentPending' },
  TOTP_ALREADY_ENABLED: { status: 409, translationKey: 'errorTotpAlreadyEnabled' },
  TOTP_NOT_ENABLED: { status: 400, translationKey: 'errorTotpNotEnabled' },
  // Turning the app off where the enforcement option requires a second factor of the account's role
  // and no passkey would remain.
  TWO_FACTOR_REQUIRED: { status: 403, translationKey: 'errorTwoFactorRequired' },
  // The stored TOTP secret opens with no configured key (a key or Payload's secret changed and the
  // earlier value was not kept). 403, not 5xx: the message must reach the person (5xx are masked,
  // and Payload's login view shows the text of 400, 401 and 403 only), their way on is theirs to
  // take (a recovery code, or a reset request), and retrying will not help; the operator learns of
  // it from the administrators' alert and the audit log instead of an error rate.
  TWO_FACTOR_SECRET_UNREADABLE: { status: 403, translationKey: 'errorTwoFactorSecretUnreadable' },
  // Passkeys (WebAuthn). One refusal for every assertion or registration that does not verify (wrong
  // origin or relying party, a used or expired challenge, a bad signature, a counter gone backwards),
  // so a refusal tells an attacker nothing about which check failed.
  PASSKEYS_UNAVAILABLE: { status: 404, translationKey: 'errorPasskeysUnavailable' },
  PASSKEY_INVALID: { status: 400, translationKey: 'errorPasskeyInvalid' },
  PASSKEY_NOT_REGISTERED: { status: 400, translationKey: 'errorPasskeyNotRegistered' },
  PASSKEY_REQUIRED: { status: 403, translationKey: 'errorPasskeyRequired' },
  PASSKEY_NAME_INVALID: { status: 400, translationKey: 'errorPasskeyNameInvalid' },
  PASSKEY_ALREADY_REGISTERED: { status: 409, translationKey: 'errorPasskeyAlreadyRegistered' },
  // This browser holds no trusted device of the account signing in (or one removed, expired or used
  // meanwhile): the prompt asks for the second factor instead.
  TRUSTED_DEVICE_NOT_RECOGNISED: { status: 401, translationKey: 'errorTrustedDeviceNotRecognised' },
  TOTP_SETUP_FAILED: { status: 400, translationKey: 'errorTotpSetupFailed' },
  RECOVERY_CODE_INVALID: { status: 400, translationKey: 'errorRecoveryCodeInvalid' },
  // Every code of the account is used (or it never had any): said only to whoever gave the password.
  RECOVERY_CODES_UNAVAILABLE: { status: 409, translationKey: 'errorRecoveryCodesUnavailable' },
  RESET_REQUEST_PENDING_EXISTS: { status: 409, translationKey: 'errorResetRequestPendingExists' },
  RESET_REQUEST_EXPIRED: { status: 410, translationKey: 'errorResetRequestExpired' },
  RESET_REQUEST_PROCESSED: { status: 409, translationKey: 'errorResetRequestProcessed' },
  // Approving removes a second factor: the reviewer must be someone other than the account it is for,
  // or whoever holds an administrator's session and password strips that administrator's own factor
  // (OWASP ASVS 5.0 6.4.4; NIST SP 800-53 AC-5, separation of duties). With one administrator, an
  // operator with server access runs resetSecondFactorWithServerAccess.
  RESET_REQUEST_OWN_ACCOUNT: { status: 403, translationKey: 'errorResetRequestOwnAccount' },
  // A reset from the security panel of an account with no second factor left (a second click, say).
  TWO_FACTOR_NOTHING_TO_RESET: { status: 409, translationKey: 'errorTwoFactorNothingToReset' },
  RESET_REASON_REQUIRED: { status: 400, translationKey: 'errorResetReasonRequired' },
  RESET_REASON_TOO_SHORT: { status: 400, translationKey: 'errorResetReasonTooShort' },
  RESET_REASON_TOO_LONG: { status: 400, translationKey: 'errorResetReasonTooLong' },
  INVALID_STATUS_TRANSITION: { status: 400, translationKey: 'errorInvalidStatusTransition' },
  SYSTEM_CONTROLLED_FIELD: { status: 400, translationKey: 'errorSystemControlledField' },

  // Content: documents in a collection with a trash are deleted for good only from the trash.
  DELETE_ONLY_FROM_TRASH: { status: 409, translationKey: 'errorDeleteOnlyFromTrash' },

  // Permissions
  ACCESS_DENIED: { status: 403, translationKey: 'errorAccessDenied' },
  CROSS_SITE_REQUEST: { status: 403, translationKey: 'errorCrossSiteRequest' },
  INSUFFICIENT_PERMISSIONS: { status: 403, translationKey: 'errorInsufficientPermissions' },
  // An audit log export whose filter Payload cannot run (an unknown field or operator).
  AUDIT_EXPORT_QUERY_INVALID: { status: 400, translationKey: 'errorAuditExportQueryInvalid' },
  // A list filter comparing a column with a value it cannot hold (an option a select lacks, a word
  // for a numeric id, a point query on a date); `field` names its path.
  LIST_FILTER_INVALID: { status: 400, translationKey: 'errorListFilterInvalid' },
  // A key enabled or set while the plugin's `apiKeys` option is off.
  API_KEYS_DISABLED: { status: 403, translationKey: 'errorApiKeysDisabled' },

  // Server side (masked outside development)
  EMAIL_SEND_FAILED: { status: 502, translationKey: 'errorEmailSendFailed' },
  DATABASE_ERROR: { status: 500, translationKey: 'errorDatabase' },
  INTERNAL_ERROR: { status: 500, translationKey: 'errorInternal' },
} as const satisfies Record<string, CatalogueEntry>

export type BackofficeErrorCode = keyof typeof errorCatalogue
