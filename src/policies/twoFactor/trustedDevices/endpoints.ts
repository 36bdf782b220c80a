import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../../shared/options/types.js'

import { recordAuditEvent } from '../../../shared/audit/recordAuditEvent.js'
import { backofficeEndpoint } from '../../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../../shared/errors/BackofficeError.js'
import { assertEmptyBody, idTypeOf, jsonResponse } from '../../../shared/request/http.js'
import { parseDocumentId } from '../../../shared/request/parseDocumentId.js'
import { signedIn } from '../../../shared/request/signedIn.js'
import { isAdmin } from '../../../shared/roles/isAdmin.js'
import { freshProof } from '../../sudo/freshProof.js'
import { readTwoFactorCookie } from '../cookies.js'
import { trustedDevicesSlug } from './collection.js'
import { findTrustedDevice, listTrustedDevices, removeTrustedDevice } from './trustedDevices.js'

/**
 * `GET /api/{users}/mfa/trusted-devices`: the signed-in person's trusted devices, without tokens,
 * the asking browser's marked `current`.
 * Administrators may add `?user=<id>` for someone else's (a lost laptop).
 */
export const listTrustedDevicesEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const asked = req.searchParams.get('user')
      if (asked === null) {
        // "This device" on the list: the one this browser's cookie belongs to (GitHub and Google mark it).
        const token = readTwoFactorCookie(req, 'trustedDevice')
        const current = token ? await findTrustedDevice(req.payload, viewer.id, token) : null
        const docs = await listTrustedDevices(req.payload, viewer.id)
        return jsonResponse(req, {
          docs: docs.map((device) => ({
            ...device,
            current: current !== null && String(current.id) === String(device.id),
          })),
        })
      }
      if (!isAdmin(viewer, options)) {
        throw new BackofficeError('INSUFFICIENT_PERMISSIONS', {
          req,
          variables: { role: options.roles.admin },
        })
      }
      const userId = parseDocumentId(asked, idTypeOf(req, options.usersCollection))
      if (userId === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      return jsonResponse(req, { docs: await listTrustedDevices(req.payload, userId) })
    },
    method: 'get',
    path: '/mfa/trusted-devices',
    requires: [signedIn(options)],
  })

/**
 * `POST /api/{users}/mfa/trusted-devices/:id/remove`: stops trusting one of one's own devices (or,
 * for administrators, anyone's); its next sign-in asks for a code again. To anyone else another
 * account's device id is "not found", like an unknown one, so ids cannot be probed.
 */
export const removeTrustedDeviceEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { viewer }) => {
      const id = parseDocumentId(req.routeParams?.id, idTypeOf(req, trustedDevicesSlug))
      if (id === null) {
        throw new BackofficeError('MALFORMED_REQUEST', { req })
      }
      await assertEmptyBody(req)
      const ownerId = await removeTrustedDevice(req.payload, {
        deviceId: id,
        ownerId: isAdmin(viewer, options) ? null : viewer.id,
      })
      if (ownerId === null) {
        throw new BackofficeError('NOT_FOUND', { req })
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
    // Sudo mode: a stolen session must not be able to quietly rearrange which devices skip the code.
    requires: [signedIn(options), freshProof(options)],
  })
