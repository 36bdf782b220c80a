import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'
import { securityOverview } from './securityOverview.js'

/**
 * `GET /api/<users>/security-overview`: the overview's numbers as JSON, for administrators only
 * (AUTHENTICATION_REQUIRED without a session, INSUFFICIENT_PERMISSIONS for everyone else). They say
 * who is locked out, exposed or under attack: an aggregate too, it is for administrators only
 * (OWASP ASVS 5.0 V8, authorization at the data layer). Never cached: each answer is counted now.
 */
export const securityOverviewEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req) =>
      jsonResponse(
        req,
        await securityOverview(req.payload, options),
        new Headers({ 'Cache-Control': 'no-store' }),
      ),
    method: 'get',
    path: '/security-overview',
    requires: [administrator(options)],
  })
