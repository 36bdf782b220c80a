/**
 * Text made safe to put inside HTML elements and quoted attribute values: the five characters the
 * HTML specification gives a meaning there (`& < > " '`) become numeric character references.
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
