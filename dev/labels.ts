/**
 * Labels of the sandbox's collections and groups in the admin languages it offers (Arabic falls back
 * to English), so switching the admin's language changes the navigation too.
 */
export const labels = {
  administration: { de: 'Verwaltung', en: 'Administration', fr: 'Administration', nl: 'Beheer' },
  content: { de: 'Inhalte', en: 'Content', fr: 'Contenu', nl: 'Inhoud' },
  media: {
    plural: { de: 'Medien', en: 'Media', fr: 'Médias', nl: 'Media' },
    singular: { de: 'Medium', en: 'Media item', fr: 'Média', nl: 'Mediabestand' },
  },
  pages: {
    plural: { de: 'Seiten', en: 'Pages', fr: 'Pages', nl: "Pagina's" },
    singular: { de: 'Seite', en: 'Page', fr: 'Page', nl: 'Pagina' },
  },
  posts: {
    plural: { de: 'Beiträge', en: 'Posts', fr: 'Articles', nl: 'Berichten' },
    singular: { de: 'Beitrag', en: 'Post', fr: 'Article', nl: 'Bericht' },
  },
  users: {
    plural: { de: 'Benutzer', en: 'Users', fr: 'Utilisateurs', nl: 'Gebruikers' },
    singular: { de: 'Benutzer', en: 'User', fr: 'Utilisateur', nl: 'Gebruiker' },
  },
}
