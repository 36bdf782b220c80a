/**
 * Key under `req.context` marking the `payload.update` that saves the password of a completed reset,
 * so the passwords capability records it as a reset (`password.reset`, sessions ended with reason
 * `passwordReset`) rather than as a change.
 */
export const passwordResetContextKey = 'backofficePasswordReset'
