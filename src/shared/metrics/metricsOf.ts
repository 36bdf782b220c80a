import type { Payload } from 'payload'

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/** The plugin's metrics of one Payload instance, and the registry that serves them. */
export type BackofficeMetrics = ReturnType<typeof createMetrics>

const createMetrics = () => {
  // A registry per Payload instance, never prom-client's global one: two apps in one process (tests,
  // a multi-tenant host) would otherwise register the same names twice, which prom-client refuses.
  const registry = new Registry()
  // The process' own figures (CPU, memory, event-loop delay, open handles), under the names every
  // Node dashboard expects.
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    // Failed sign-ins against one account are what lockouts are for; what alerts need is their rate.
    lockouts: new Counter({
      help: 'Accounts locked for a while after repeated failed sign-ins.',
      name: 'backoffice_lockouts_total',
      registers,
    }),
    refusals: new Counter({
      help: 'Requests refused with an error of the catalogue below 500, by its code.',
      labelNames: ['code'] as const,
      name: 'backoffice_refusals_total',
      registers,
    }),
    signIns: new Counter({
      help: 'Sign-ins by method (password, sso, passkey) and outcome (succeeded, refused).',
      labelNames: ['method', 'outcome'] as const,
      name: 'backoffice_sign_ins_total',
      registers,
    }),
    suspensions: new Counter({
      help: 'Accounts suspended until an administrator or a password reset lifts it.',
      name: 'backoffice_suspensions_total',
      registers,
    }),
    videoEncodeDuration: new Histogram({
      // From the lease taken to the files published: minutes for most videos, an hour for long ones.
      buckets: [10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200],
      help: 'Seconds a completed video encode took, download and publishing included.',
      name: 'backoffice_video_encode_duration_seconds',
      registers,
    }),
    videoEncodesCompleted: new Counter({
      help: 'Video encodes that completed.',
      name: 'backoffice_video_encodes_completed_total',
      registers,
    }),
    videoEncodesFailed: new Counter({
      help: 'Video encodes that failed, by failure code.',
      labelNames: ['code'] as const,
      name: 'backoffice_video_encodes_failed_total',
      registers,
    }),
    videoEncodesQueued: new Counter({
      help: 'Video encodes queued (a finished upload, a retry, a stalled encode taken over).',
      name: 'backoffice_video_encodes_queued_total',
      registers,
    }),
    videoEncodesRunning: new Gauge({
      help: 'Video encodes running in this process now.',
      name: 'backoffice_video_encodes_running',
      registers,
    }),
  }
}

const metricsByPayload = new WeakMap<Payload, BackofficeMetrics>()

/**
 * The metrics of `payload`, made on first use. They count what this process saw: Prometheus scrapes
 * every process and adds them up (`sum by (...)`), so nothing is shared through the database.
 */
export const metricsOf = (payload: Payload): BackofficeMetrics => {
  let metrics = metricsByPayload.get(payload)
  if (!metrics) {
    metrics = createMetrics()
    metricsByPayload.set(payload, metrics)
  }
  return metrics
}
