import type { BackofficeTranslationTable } from './types.js'

export const de: BackofficeTranslationTable = {
  errorAccessDenied: 'Zugriff verweigert: {{action}}',
  errorAccountLocked: 'Konto gesperrt.',
  errorAuthenticationRequired:
    'Authentifizierung erforderlich. Bitte melden Sie sich an oder geben Sie ein gültiges MFA-Token an.',
  errorCurrentPasswordIncorrect: 'Das aktuelle Passwort ist falsch.',
  errorDatabase: 'Ein Datenbankvorgang ist fehlgeschlagen.',
  errorEmailInvalid: 'Die E-Mail-Adresse ist ungültig.',
  errorEmailSendFailed: 'Die E-Mail an {{recipient}} konnte nicht gesendet werden.',
  errorFirstUserAlreadyCreated: 'Der erste Benutzer wurde bereits angelegt.',
  errorInsufficientPermissions: 'Unzureichende Berechtigungen. Erforderliche Rolle: {{role}}',
  errorInternal: 'Interner Serverfehler.',
  errorInvalidCredentials: 'Die angegebene E-Mail-Adresse oder das Passwort ist falsch.',
  errorInvalidStatusTransition: 'Ungültiger Statuswechsel zu {{status}}',
  errorInvitationInvalidOrExpired:
    'Dieser Einladungslink ist ungültig oder abgelaufen. Bitte bitten Sie einen Administrator um eine neue Einladung.',
  errorLoginTemporarilyBlocked:
    'Die Anmeldung ist für diesen Benutzer vorübergehend gesperrt. Bitte versuchen Sie es später erneut.',
  errorMalformedRequest: 'Die Anfrage konnte nicht gelesen werden.',
  errorMfaRequired: 'MFA erforderlich',
  errorMfaSessionExpired: '2FA-Sitzung abgelaufen oder ungültig, bitte melden Sie sich erneut an.',
  errorMfaTokenInvalid: 'Ungültiges MFA-Token.',
  errorPasswordChangeLocalOnly: 'Passwortänderungen sind nur für lokale Identitätsanbieter möglich.',
  errorPasswordRequired: 'Passwort ist erforderlich.',
  errorPasswordRequirementsNotMet: 'Das Passwort erfüllt die Anforderungen nicht.',
  errorPayloadTooLarge: 'Die Anfrage ist zu groß.',
  errorResetReasonRequired: 'Bitte geben Sie einen Grund für die Anfrage zum Zurücksetzen der 2FA an',
  errorResetReasonTooLong: 'Der Grund darf höchstens {{count}} Zeichen lang sein.',
  errorResetReasonTooShort: 'Der Grund muss mindestens {{count}} Zeichen lang sein.',
  errorResetRequestExpired: 'Die Anfrage zum Zurücksetzen der 2FA ist abgelaufen.',
  errorResetRequestPendingExists: 'Es gibt bereits eine offene Anfrage zum Zurücksetzen der 2FA.',
  errorResetRequestProcessed: 'Bearbeitete Anfragen können nicht geändert werden.',
  errorSystemControlledField: "Das Feld '{{field}}' wird vom System verwaltet.",
  errorTokenInvalidOrExpired: 'Das Token ist ungültig oder abgelaufen.',
  errorTotpAlreadyEnabled: 'Die Zwei-Faktor-Authentifizierung ist bereits aktiviert.',
  errorTotpCodeInvalid: 'Ungültiger Code.',
  errorTotpEnrolmentPending: 'Die Einrichtung der Zwei-Faktor-Authentifizierung ist noch nicht abgeschlossen.',
  errorTotpNotEnabled:
    'Die Zwei-Faktor-Authentifizierung ist nicht aktiviert, es gibt also nichts zurückzusetzen.',
  errorTotpRateLimited: 'Zu viele TOTP-Versuche. Versuchen Sie es in {{seconds}} Sekunden erneut',
  errorTotpSetupFailed: 'Die Einrichtungsdaten konnten nicht geladen werden.',
  errorUserNotFound: 'Benutzer nicht gefunden.',
  errorWrongSignInMethod:
    'Sie dürfen sich nicht mit {{used}} anmelden. Bitte melden Sie sich mit {{expected}} an.',
}
