import type { Endpoint } from 'payload'

import type { SanitizedBackofficeOptions } from '../../shared/options/types.js'

import { freshProof } from '../../policies/sudo/freshProof.js'
import { suspendAccount } from '../../policies/suspension/suspendAccount.js'
import { lockAccountRow } from '../../shared/accounts/lockAccountRow.js'
import { readAccount } from '../../shared/accounts/staffAccount.js'
import { inTransaction } from '../../shared/db/inTransaction.js'
import { backofficeEndpoint } from '../../shared/endpoint/backofficeEndpoint.js'
import { BackofficeError } from '../../shared/errors/BackofficeError.js'
import { requestText } from '../../shared/i18n/text.js'
import { administeredAccount } from '../../shared/request/administeredAccount.js'
import { administrator } from '../../shared/request/administrator.js'
import { jsonResponse } from '../../shared/request/http.js'

/**
 * `POST /api/<users>/:id/suspend`: an administrator in sudo mode suspends another account, as the
 * suspension policy does on its own after excessive failures (`suspendAccount`, reason
 * `administrator`): every session ends at once (OWASP ASVS 5.0 7.4.2), it is audited and the owner
 * is emailed. Under the account's row lock, so of two parallel clicks one suspends and the other
 * gets ACCOUNT_ALREADY_SUSPENDED. Unblock (`/:id/unblock`) reactivates it.
 */
export const suspendEndpoint = (options: SanitizedBackofficeOptions): Endpoint =>
  backofficeEndpoint({
    handler: async (req, { target: account, viewer }) => {
      await inTransaction(req, async () => {
        await lockAccountRow(req, options.usersCollection, account.id)
        const current = await readAccount(req, options, account.id)
        if (current?.security?.status === 'suspended') {
          throw new BackofficeError('ACCOUNT_ALREADY_SUSPENDED', { req })
        }
        await suspendAccount(req, options, {
          by: viewer.id,
          reason: 'administrator',
          userId: account.id,
        })
      })
      return jsonResponse(req, { message: requestText(req, 'suspendAccountSuccess') })
    },
    method: 'post',
    path: '/:id/suspend',
    // Sudo mode: a stolen administrator session must not lock staff out one by one.
    requires: [
      administrator(options),
      freshProof(options),
      administeredAccount(options, { refuseOwn: 'OWN_ACCOUNT_ACTION' }),
    ],
  })
