/** Name of the plugin's namespace in Payload's i18n: keys are used as `t('backoffice:errorAccountLocked')`. */
export const translationNamespace = 'backoffice'
