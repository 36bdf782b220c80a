/**
 * How many copies of the dev app the browser tests run side by side (BROWSER_LANES, default 2),
 * each with its own database, inbox and port, and as many test files at once: read by the setup
 * that starts the apps and by the project's `maxWorkers`. Browser tests mostly wait (on pages, on
 * the sign-in's padding, on emails), so two lanes keep a 2-core machine busier than one; the tests
 * wait on conditions, never on time, so they hold when the lanes compete (CONTRIBUTING.md).
 */
export const browserLanes = (): number => {
  const lanes = Number(process.env.BROWSER_LANES ?? 2)
  if (!Number.isInteger(lanes) || lanes < 1) {
    throw new Error(
      `BROWSER_LANES must be a whole number of 1 or more, not "${process.env.BROWSER_LANES}"`,
    )
  }
  return lanes
}
