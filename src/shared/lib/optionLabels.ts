/** What a select option's label can be in a Payload config: text, text per language, or a function. */
export type OptionLabel =
  ((args: { i18n: LabelLanguage; t: unknown }) => unknown) | Record<string, string> | string

/** The parts of Payload's `i18n` a label needs: the admin's language, its fallback and `t`. */
type LabelLanguage = { fallbackLanguage?: string; language: string; t: unknown }

export type SelectOption = string | { label?: OptionLabel; value: string }

/** A label in the admin's language, falling back as Payload's `getTranslation` does. */
const translateLabel = (
  label: OptionLabel | undefined,
  i18n: LabelLanguage,
): string | undefined => {
  if (typeof label === 'string') {
    return label
  }
  if (typeof label === 'function') {
    const translated = label({ i18n, t: i18n.t })
    return typeof translated === 'string' ? translated : undefined
  }
  if (label && typeof label === 'object') {
    return (
      label[i18n.language] ??
      (i18n.fallbackLanguage && label[i18n.fallbackLanguage]) ??
      Object.values(label)[0]
    )
  }
  return undefined
}

/**
 * A select field's stored value as editors know it: each option's label, in stored order and joined
 * with commas for fields holding many values. Values no option has any more are shown as stored.
 */
export const optionLabels = (
  value: unknown,
  options: readonly SelectOption[],
  i18n: LabelLanguage,
): string => {
  if (value === null || value === undefined) {
    return ''
  }
  const values = Array.isArray(value) ? value : [value]
  return values
    .map((stored) => {
      const option = options.find(
        (candidate) => (typeof candidate === 'string' ? candidate : candidate.value) === stored,
      )
      if (typeof option === 'string') {
        return option
      }
      return translateLabel(option?.label, i18n) ?? String(stored)
    })
    .join(', ')
}
