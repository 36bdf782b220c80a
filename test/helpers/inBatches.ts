/** Runs `count` tasks, `concurrency` at a time; the results in task order. */
export const inBatches = async <T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> => {
  const results: T[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++
        results[index] = await task(index)
      }
    }),
  )
  return results
}
