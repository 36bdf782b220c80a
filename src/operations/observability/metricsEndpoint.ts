import type { Endpoint } from 'payload'

import { createHash, timingSafeEqual } from 'node:crypto'

import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { errorResponse } from '../../shared/errors/errorResponse.js'
import { logRefusal } from '../../shared/errors/logRefusal.js'
import { metricsOf } from '../../shared/metrics/metricsOf.js'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * `GET /api/metrics`: the plugin's metrics in Prometheus' text format, for a scraper holding the
 * token (`Authorization: Bearer <token>`, RFC 6750 §2.1). The token is compared in constant time,
 * through SHA-256 digests of equal length, so neither its length nor its prefix leaks through
 * timing. Without the right token: 401 with `WWW-Authenticate: Bearer` (RFC 6750 §3). Never cached:
 * the figures change every second and say how many sign-ins fail.
 */
export const metricsEndpoint = (token: string): Endpoint => {
  const expected = digest(token)
  return {
    handler: async (req) => {
      const [scheme, given] = (req.headers.get('authorization') ?? '').split(' ')
      if (
        scheme?.toLowerCase() !== 'bearer' ||
        !given ||
        !timingSafeEqual(digest(given), expected)
      ) {
        const refusal = new BackofficeError('AUTHENTICATION_REQUIRED', { req })
        logRefusal(req, refusal)
        const response = errorResponse(req, refusal)
        response.headers.set('WWW-Authenticate', 'Bearer')
        return response
      }
      const { registry } = metricsOf(req.payload)
      return new Response(await registry.metrics(), {
        headers: { 'Cache-Control': 'no-store', 'Content-Type': registry.contentType },
        status: 200,
      })
    },
    method: 'get',
    path: '/metrics',
  }
}
