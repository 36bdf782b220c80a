import type { BackofficeTranslationTable } from './types.js'

export const fr: BackofficeTranslationTable = {
  errorAccessDenied: 'Accès refusé : {{action}}',
  errorAccountLocked: 'Compte verrouillé.',
  errorAuthenticationRequired:
    'Authentification requise. Veuillez vous connecter ou fournir un jeton MFA valide.',
  errorCurrentPasswordIncorrect: 'Le mot de passe actuel est incorrect.',
  errorDatabase: 'Une opération de base de données a échoué.',
  errorEmailInvalid: "L'adresse e-mail n'est pas valide.",
  errorEmailSendFailed: "Impossible d'envoyer l'e-mail à {{recipient}}.",
  errorFirstUserAlreadyCreated: 'Le premier utilisateur a déjà été créé.',
  errorInsufficientPermissions: 'Autorisations insuffisantes. Rôle requis : {{role}}',
  errorInternal: 'Erreur interne du serveur.',
  errorInvalidCredentials: "L'adresse e-mail ou le mot de passe fourni est incorrect.",
  errorInvalidStatusTransition: 'Changement de statut vers {{status}} non valide',
  errorInvitationInvalidOrExpired:
    "Ce lien d'invitation n'est pas valide ou a expiré. Demandez une nouvelle invitation à un administrateur.",
  errorLoginTemporarilyBlocked:
    'La connexion est temporairement bloquée pour cet utilisateur. Veuillez réessayer plus tard.',
  errorMalformedRequest: 'La requête est illisible.',
  errorMfaRequired: 'MFA requise',
  errorMfaSessionExpired: 'Session 2FA expirée ou non valide, veuillez vous reconnecter.',
  errorMfaTokenInvalid: 'Jeton MFA non valide.',
  errorPasswordChangeLocalOnly:
    "Le mot de passe ne peut être modifié que pour les comptes du fournisseur d'identité local.",
  errorPasswordRequired: 'Le mot de passe est obligatoire.',
  errorPasswordRequirementsNotMet: 'Le mot de passe ne respecte pas les exigences.',
  errorPayloadTooLarge: 'La requête est trop volumineuse.',
  errorResetReasonRequired: 'Veuillez indiquer un motif pour la demande de réinitialisation 2FA',
  errorResetReasonTooLong: 'Le motif peut contenir au maximum {{count}} caractères.',
  errorResetReasonTooShort: 'Le motif doit contenir au moins {{count}} caractères.',
  errorResetRequestExpired: 'La demande de réinitialisation 2FA a expiré.',
  errorResetRequestPendingExists: 'Une demande de réinitialisation 2FA est déjà en attente.',
  errorResetRequestProcessed: 'Les demandes traitées ne peuvent pas être modifiées.',
  errorSystemControlledField: "Le champ '{{field}}' est géré par le système.",
  errorTokenInvalidOrExpired: "Le jeton n'est pas valide ou a expiré.",
  errorTotpAlreadyEnabled: "L'authentification à deux facteurs est déjà activée.",
  errorTotpCodeInvalid: 'Code non valide.',
  errorTotpEnrolmentPending: "La configuration de l'authentification à deux facteurs est en attente (incomplète).",
  errorTotpNotEnabled:
    "L'authentification à deux facteurs n'est pas activée : il n'y a rien à réinitialiser.",
  errorTotpRateLimited: 'Trop de tentatives TOTP. Réessayez dans {{seconds}} secondes',
  errorTotpSetupFailed: 'Impossible de charger les informations de configuration.',
  errorUserNotFound: 'Utilisateur introuvable.',
  errorWrongSignInMethod:
    "Vous n'êtes pas autorisé à vous connecter avec {{used}}. Veuillez utiliser {{expected}} pour vous connecter.",
}
