/**
 * How many copies of the dev app the browser tests run side by side (BROWSER_LANES, default 1),
 * each with its own database, inbox and port, and as many test files at once: read by the setup
 * that starts the apps and by the project's `maxWorkers`. One lane is the default: on a 2-core
 * machine the browser phase is bound by its CPU, not by waiting. Two lanes once took CI's phase
 * from 1,670 s to 970 s, but once the test process stopped generating types and importing cold,
 * a fresh-clone run with two lanes took 1,290 s against one lane's 1,203–1,445 s, and failed a
 * step (a filter's drop-down not drawn in 30 s). More cores are what makes lanes pay.
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
