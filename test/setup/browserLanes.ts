/**
 * How many copies of the dev app the browser tests run side by side (BROWSER_LANES, default 1),
 * each with its own database, inbox and port, and as many test files at once: read by the setup
 * that starts the apps and by the project's `maxWorkers`. Two lanes took CI's browser phase from
 * 1,670 s to 970 s, but at a load of 8–10 on 2 cores one of two fresh-clone runs failed a rich-text
 * step whose autosave was not stored within 15 s: one lane stays the default until two pass three
 * runs in a row.
 */
export const browserLanes = (): number => {
  const lanes = Number(process.env.BROWSER_LANES ?? 1)
  if (!Number.isInteger(lanes) || lanes < 1) {
    throw new Error(
      `BROWSER_LANES must be a whole number of 1 or more, not "${process.env.BROWSER_LANES}"`,
    )
  }
  return lanes
}
