import type { GlobalConfig } from 'payload'

import { canEditContent, publishedOrStaff } from '../access/roles.js'
import { labels } from '../labels.js'

/**
 * The sandbox's one global: site-wide texts with drafts, version history and the four content
 * locales, so the global versions list, comparison and restore can be tried as on a document.
 */
export const siteSettingsGlobal = (): GlobalConfig => ({
  slug: 'site-settings',
  access: { read: publishedOrStaff, update: canEditContent },
  admin: { group: labels.content },
  fields: [
    {
      name: 'siteName',
      type: 'text',
      label: {
        de: 'Name der Website',
        en: 'Site name',
        fr: 'Nom du site',
        nl: 'Naam van de website',
      },
      localized: true,
      required: true,
    },
    {
      name: 'tagline',
      type: 'textarea',
      label: { de: 'Slogan', en: 'Tagline', fr: 'Slogan', nl: 'Slogan' },
      localized: true,
    },
    {
      name: 'announcement',
      type: 'group',
      fields: [
        {
          name: 'message',
          type: 'text',
          label: { de: 'Nachricht', en: 'Message', fr: 'Message', nl: 'Bericht' },
          localized: true,
        },
        {
          name: 'tone',
          type: 'select',
          defaultValue: 'info',
          label: { de: 'Tonfall', en: 'Tone', fr: 'Ton', nl: 'Toon' },
          options: [
            {
              label: { de: 'Hinweis', en: 'Information', fr: 'Information', nl: 'Informatie' },
              value: 'info',
            },
            {
              label: { de: 'Warnung', en: 'Warning', fr: 'Avertissement', nl: 'Waarschuwing' },
              value: 'warning',
            },
          ],
        },
      ],
      label: { de: 'Ankündigung', en: 'Announcement', fr: 'Annonce', nl: 'Aankondiging' },
    },
  ],
  label: {
    de: 'Website-Einstellungen',
    en: 'Site settings',
    fr: 'Paramètres du site',
    nl: 'Website-instellingen',
  },
  versions: { drafts: true, max: 50 },
})
