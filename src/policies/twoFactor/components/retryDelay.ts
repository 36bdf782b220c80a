/** The wait before a failed one-time code may be tried again, and before leaving a setup that failed to load. */
export const retryDelayMs = 3000
