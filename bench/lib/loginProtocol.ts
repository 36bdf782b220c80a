/** Messages between bench/login.ts and its two workers (one Payload per process, see login.ts). */

/** Count and total milliseconds of one kind of work, summed over a series of logins. */
export type Tally = Record<string, { count: number; ms: number }>

/**
 * `returning`: the browser keeps its cookies from one sign-in to the next (the plugin's device
 * cookie among them), as a staff member's own browser does; `new`: a browser with no cookies at
 * all each time, which the plugin treats as a browser the account has not used before.
 */
export type Browser = 'new' | 'returning'

export type WorkerCommand =
  | { browser: Browser; count: number; type: 'logins' }
  | { count: number; type: 'failedLogins' }
  | { count: number; type: 'profile' }
  /** One more successful login, with the text of every SQL statement it sent, in order. */
  | { browser: Browser; type: 'statements' }
  | { type: 'stop' }

export type WorkerReply =
  | { bootMs: number; type: 'ready' }
  | { message: string; type: 'error' }
  | { ms: number[]; spans: Tally; sql: Tally; type: 'profile' }
  | { statements: string[]; type: 'statements' }
  /** `cpuMs`: the worker's CPU time (user + system, all threads) spent in the timed logins. */
  | { cpuMs: number; ms: number[]; type: 'timings' }
  | { type: 'stopped' }

export type Side = 'plugin' | 'vanilla'
