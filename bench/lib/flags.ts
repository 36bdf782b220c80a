/**
 * A whole-number flag of a bench script (`--clients 200`): the fallback when absent, an error when
 * given anything but a whole number of at least 1, so a typo never runs a bench of NaN rounds.
 */
export const countFlag = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(name)
  const value = index === -1 ? undefined : Number(process.argv[index + 1])
  if (value === undefined) {
    return fallback
  }
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} takes a whole number of at least 1`)
  }
  return value
}
