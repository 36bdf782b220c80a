import type { UIFieldServerProps } from 'payload'

import { getPluginOptions } from '../../../../shared/options/getPluginOptions.js'
import { isAdmin } from '../../../../shared/roles/isAdmin.js'
import { providerConfirmationFor } from '../../../sudo/providerConfirmation.js'
import { resetRequestsSlug } from '../constants.js'
import { readReviewDetails } from '../readReviewDetails.js'
import { ReviewResetRequestField } from './lazyComponents.js'

/**
 * A reset request's page, for administrators: the review in place of Payload's form (whose fields
 * are hidden there and stay in the API). The requester, their last sign-ins and the request are
 * read here, with the viewer's access; the client part holds the decision and its state.
 */
export const ResetRequestReviewField = async ({ id, payload, req }: UIFieldServerProps) => {
  const options = getPluginOptions(payload)
  if (!options.enabled || id === undefined || !isAdmin(req.user, options)) {
    return null
  }
  const details = await readReviewDetails(req, options, id)
  if (!details) {
    return null
  }
  return (
    <ReviewResetRequestField
      apiRoute={payload.config.routes.api}
      confirmation={providerConfirmationFor(req, options)}
      details={details}
      // An administrator's own request is for another administrator to approve (the server refuses
      // it too): the page says so instead of offering Approve.
      ownRequest={String(req.user?.id) === String(details.requester.id)}
      requestId={id}
      serverURL={payload.config.serverURL}
      slug={resetRequestsSlug}
      usersCollection={options.usersCollection}
    />
  )
}
