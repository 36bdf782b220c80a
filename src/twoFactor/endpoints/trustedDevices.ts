import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../options/types.js'

import { recordAuditEvent } from '../../audit/recordAuditEvent.js'
import { errorResponse } from '../../errors/errorResponse.js'
import { checkEmptyBody, idTypeOf, jsonResponse } from '../../request/http.js'
import { parseDocumentId } from '../../request/parseDocumentId.js'
import { requestUser } from '../../request/requestUser.js'
import { isAdmin } from '../../roles/isAdmin.js'
import { listTrustedDevices, removeTrustedDevice } from '../trustedDevices.js'
import { trustedDevicesSlug } from '../trustedDevicesCollection.js'

/**
 * `GET /api/{users}/mfa/trusted-devices`: the signed-in person's trusted devices, without tokens.
 * Administrators may add `?user=<id>` for someone else's (a lost laptop).
 */
export const listTrustedDevicesEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const viewer = requestUser(req, options.usersCollection)
    if (!viewer) {
      return errorResponse(req, 'AUTHENTICATION_REQUIRED')
    }
    const asked = req.searchParams.get('user')
    if (asked === null) {
      return jsonResponse(req, { docs: await listTrustedDevices(req.payload, viewer.id) })
    }
    if (!isAdmin(viewer, options)) {
      return errorResponse(req, 'INSUFFICIENT_PERMISSIONS', { role: options.roles.admin })
    }
    const userId = parseDocumentId(asked, idTypeOf(req, options.usersCollection))
    if (userId === null) {
      return errorResponse(req, 'MALFORMED_REQUEST')
    }
    return jsonResponse(req, { docs: await listTrustedDevices(req.payload, userId) })
  },
  method: 'get',
  path: '/mfa/trusted-devices',
})

/**
 * `POST /api/{users}/mfa/trusted-devices/:id/remove`: stops trusting one of one's own devices (or,
 * for administrators, anyone's); its next sign-in asks for a code again. To anyone else another
 * account's device id is "not found", like an unknown one, so ids cannot be probed.
 */
export const removeTrustedDeviceEndpoint = (options: SanitizedBackofficeOptions): Endpoint => ({
  handler: async (req) => {
    const viewer = requestUser(req, options.usersCollection)
    if (!viewer) {
      return errorResponse(req, 'AUTHENTICATION_REQUIRED')
    }
    const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, trustedDevicesSlug))
    if (id === null) {
      return errorResponse(req, 'MALFORMED_REQUEST')
    }
    const bodyProblem = await checkEmptyBody(req)
    if (bodyProblem) {
      return errorResponse(req, bodyProblem)
    }
    const ownerId = await removeTrustedDevice(req.payload, {
      deviceId: id,
      ownerId: isAdmin(viewer, options) ? null : viewer.id,
    })
    if (ownerId === null) {
      return errorResponse(req, 'NOT_FOUND')
    }
    const owner = String(ownerId) === String(viewer.id) ? viewer : { id: ownerId }
    await recordAuditEvent(req, {
      data: { deviceId: id },
      event: 'twoFactor.deviceRemoved',
      user: owner,
    })
    return jsonResponse(req, { removed: 1 })
  },
  method: 'post',
  path: '/mfa/trusted-devices/:id/remove',
})
