/** Messages between bench/login.ts and its two workers (one Payload per process, see login.ts). */

/** Count and total milliseconds of one kind of work, summed over a series of logins. */
export type Tally = Record<string, { count: number; ms: number }>

export type WorkerCommand =
  | { count: number; type: 'failedLogins' }
  | { count: number; type: 'logins' }
  | { count: number; type: 'profile' }
  | { type: 'stop' }

export type WorkerReply =
  | { bootMs: number; type: 'ready' }
  | { message: string; type: 'error' }
  | { ms: number[]; spans: Tally; sql: Tally; type: 'profile' }
  /** `cpuMs`: the worker's CPU time (user + system, all threads) spent in the timed logins. */
  | { cpuMs: number; ms: number[]; type: 'timings' }
  | { type: 'stopped' }

export type Side = 'plugin' | 'vanilla'
