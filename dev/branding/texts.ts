/** The sandbox's sign-in texts, in the languages the plugin ships (others fall back to English). */
const texts = {
  de: {
    access:
      'Kein Konto? Bitten Sie eine Administratorin oder einen Administrator um eine Einladung.',
    sandbox: 'Sandbox zum Ausprobieren von payload-backoffice: keine echten Daten hier ablegen.',
  },
  en: {
    access: 'No account? Ask an administrator for an invitation.',
    sandbox: 'A sandbox for trying payload-backoffice: keep real data out of it.',
  },
  fr: {
    access: 'Pas de compte ? Demandez une invitation à un administrateur.',
    sandbox: 'Un bac à sable pour essayer payload-backoffice : n’y mettez pas de vraies données.',
  },
  nl: {
    access: 'Geen account? Vraag een beheerder om een uitnodiging.',
    sandbox: 'Een sandbox om payload-backoffice uit te proberen: zet er geen echte gegevens in.',
  },
}

export const sandboxText = (language: string | undefined, key: keyof (typeof texts)['en']) =>
  (texts[language as keyof typeof texts] ?? texts.en)[key]
