/**
 * Keeps the end of a process's stderr: its last lines are what explains a failure ("Invalid data
 * found when processing input") to an operator reading the server log, and a long run's whole log is
 * not worth logging.
 */
export const lastLinesKeeper = (maxLines = 20, maxChars = 4000) => {
  let text = ''
  return {
    add: (chunk: string) => {
      text = (text + chunk).slice(-maxChars * 2)
    },
    text: () =>
      text
        .split('\n')
        .map((line) => line.trimEnd())
        .filter(Boolean)
        .slice(-maxLines)
        .join('\n')
        .slice(-maxChars),
  }
}
