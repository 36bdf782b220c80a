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
  teams: {
    plural: { de: 'Teams', en: 'Teams', fr: 'Équipes', nl: 'Teams' },
    singular: { de: 'Team', en: 'Team', fr: 'Équipe', nl: 'Team' },
  },
  users: {
    plural: { de: 'Benutzer', en: 'Users', fr: 'Utilisateurs', nl: 'Gebruikers' },
    singular: { de: 'Benutzer', en: 'User', fr: 'Utilisateur', nl: 'Gebruiker' },
  },
  /** Labels of the content fields; the English ones are those Payload derives from the field names. */
  fields: {
    avatar: { de: 'Profilbild', en: 'Avatar', fr: 'Avatar', nl: 'Profielfoto' },
    bio: { de: 'Über mich', en: 'Bio', fr: 'Biographie', nl: 'Over mij' },
    team: { de: 'Team', en: 'Team', fr: 'Équipe', nl: 'Team' },
    author: { de: 'Autor', en: 'Author', fr: 'Auteur', nl: 'Auteur' },
    blocks: { de: 'Blöcke', en: 'Blocks', fr: 'Blocs', nl: 'Blokken' },
    category: { de: 'Kategorie', en: 'Category', fr: 'Catégorie', nl: 'Categorie' },
    content: { de: 'Inhalt', en: 'Content', fr: 'Contenu', nl: 'Inhoud' },
    excerpt: { de: 'Auszug', en: 'Excerpt', fr: 'Extrait', nl: 'Samenvatting' },
    heroImage: { de: 'Titelbild', en: 'Hero Image', fr: 'Image principale', nl: 'Hoofdafbeelding' },
    video: { de: 'Video', en: 'Video', fr: 'Vidéo', nl: 'Video' },
    layout: { de: 'Layout', en: 'Layout', fr: 'Mise en page', nl: 'Opmaak' },
    legalNotice: {
      de: 'Rechtlicher Hinweis',
      en: 'Legal Notice',
      fr: 'Mention légale',
      nl: 'Juridische vermelding',
    },
    publishedAt: {
      de: 'Veröffentlicht am',
      en: 'Published At',
      fr: 'Publié le',
      nl: 'Gepubliceerd op',
    },
    slug: { de: 'Slug', en: 'Slug', fr: 'Slug', nl: 'Slug' },
    slugDescription: {
      de: 'Der letzte Teil der Seitenadresse, z. B. „ueber-uns“.',
      en: 'The last part of the page address, e.g. "about-us".',
      fr: 'La dernière partie de l’adresse de la page, p. ex. « a-propos ».',
      nl: 'Het laatste deel van het paginaadres, bijv. "over-ons".',
    },
    title: { de: 'Titel', en: 'Title', fr: 'Titre', nl: 'Titel' },
  },
}
