/** The id a folder relation holds, whether stored as an id or populated as a folder document. */
export const folderIdOf = (value: unknown): null | number | string => {
  if (typeof value === 'number' || typeof value === 'string') {
    return value
  }
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const { id } = value as { id: unknown }
    return typeof id === 'number' || typeof id === 'string' ? id : null
  }
  return null
}
