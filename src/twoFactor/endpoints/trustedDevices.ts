import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { errorResponse } from '../../errors/errorResponse.js'
import { checkEmptyBody, jsonResponse } from '../../request/http.js'
import { requestUser } from '../../request/requestUser.js'
import { listTrustedDevices, removeTrustedDevice } from '../trustedDevices.js'

/** `GET /api/{users}/mfa/trusted-devices`: the signed-in person's trusted devices, without tokens. */
export const listTrustedDevicesEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const viewer = requestUser(req, options.usersCollection)
    if (!viewer) {
      return errorResponse(req, 'AUTHENTICATION_REQUIRED')
    }
    return jsonResponse(req, { docs: await listTrustedDevices(req.payload, options, viewer.id) })
  },
  method: 'get',
  path: '/mfa/trusted-devices',
})

/**
 * `POST /api/{users}/mfa/trusted-devices/:id/remove`: stops trusting one of one's own devices; its
 * next sign-in asks for a code again. Another account's device id is "not found", like an unknown one.
 */
export const removeTrustedDeviceEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const viewer = requestUser(req, options.usersCollection)
    if (!viewer) {
      return errorResponse(req, 'AUTHENTICATION_REQUIRED')
    }
    const id = req.routeParams?.id
    // Array row ids are 24 hex characters.
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) {
      return errorResponse(req, 'MALFORMED_REQUEST')
    }
    const bodyProblem = await checkEmptyBody(req)
    if (bodyProblem) {
      return errorResponse(req, bodyProblem)
    }
    if (!(await removeTrustedDevice(req.payload, options, viewer.id, id))) {
      return errorResponse(req, 'NOT_FOUND')
    }
    await recordAuditEvent(req, { data: { deviceId: id }, event: 'twoFactor.deviceRemoved', user: viewer })
    return jsonResponse(req, { removed: 1 })
  },
  method: 'post',
  path: '/mfa/trusted-devices/:id/remove',
})
