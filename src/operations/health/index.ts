import type { Endpoint } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { missingTables } from './missingTables.js'
import { survivePoolErrors } from './survivePoolErrors.js'

/** Answers for machines: never cached, and saying nothing beyond up or not. */
const answer = (status: 200 | 503) =>
  Response.json(
    { status: status === 200 ? 'ok' : 'unavailable' },
    { headers: { 'cache-control': 'no-store' }, status },
  )

/** `GET /api/health`: the process is up and serving requests (a liveness probe); no database call. */
const healthEndpoint: Endpoint = { handler: () => answer(200), method: 'get', path: '/health' }

/**
 * `GET /api/ready`: this process can serve sign-ins, so a load balancer may send it traffic (a
 * readiness probe): the database answers and every table the schema needs exists (a migration not
 * yet applied is not ready). 503 otherwise, with the cause in the server log only. Unauthenticated,
 * like any load balancer's health check, so it reveals nothing else.
 */
const readyEndpoint: Endpoint = {
  handler: async (req) => {
    try {
      const missing = await missingTables(req.payload)
      if (missing === 0) {
        return answer(200)
      }
      req.payload.logger.warn(`payload-backoffice: not ready, ${missing} tables missing`)
    } catch (error) {
      req.payload.logger.warn({ err: error, msg: 'payload-backoffice: not ready, database error' })
    }
    return answer(503)
  },
  method: 'get',
  path: '/ready',
}

/**
 * Liveness and readiness endpoints for load balancers and orchestrators, and an app that outlives a
 * restart of its database.
 */
export const health: Capability = {
  name: 'health',
  behaviour: (config) => ({
    ...config,
    endpoints: [...(config.endpoints ?? []), healthEndpoint, readyEndpoint],
    onInit: async (payload) => {
      survivePoolErrors(payload)
      await config.onInit?.(payload)
    },
  }),
}
