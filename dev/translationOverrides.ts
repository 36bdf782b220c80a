/**
 * Payload's own admin texts, reworded where the editors' wording differs: the buttons over block and
 * array rows are 'Expand all' and 'Collapse all' (Payload says "Show All" / "Collapse All").
 * Arabic keeps Payload's wording.
 */
export const translationOverrides = {
  de: { fields: { collapseAll: 'Alle einklappen', showAll: 'Alle ausklappen' } },
  en: { fields: { collapseAll: 'Collapse all', showAll: 'Expand all' } },
  fr: { fields: { collapseAll: 'Tout replier', showAll: 'Tout déplier' } },
  nl: { fields: { collapseAll: 'Alles inklappen', showAll: 'Alles uitklappen' } },
}
