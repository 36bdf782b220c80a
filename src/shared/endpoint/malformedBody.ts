import type { BodyRefusal } from './readDeclaredBody.js'

import { BackofficeError } from '../errors/BackofficeError.js'

/**
 * A declared body's refusal as 400 MALFORMED_REQUEST, naming no field: for endpoints whose clients
 * (the sign-in pages, scripts) have always been answered so for a body of the wrong shape.
 */
export const malformedBody: BodyRefusal = (req) => new BackofficeError('MALFORMED_REQUEST', { req })
