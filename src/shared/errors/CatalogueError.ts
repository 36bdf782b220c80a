import { APIError } from 'payload'

export type CatalogueErrorVariables = Record<string, number | string>

/** What an answer carries beside the error body: the HTTP extras some refusals need. */
export type CatalogueErrorAnswer = {
  /** `Set-Cookie` values to send with the refusal (a challenge cookie cleared, say). */
  cookies?: string[]
  /** Where the admin should go next, for views that follow a refusal (a new sign-in, say). */
  redirectTo?: string
  /** Seconds until trying again makes sense, sent as `Retry-After` (RFC 9110 §10.2.3). */
  retryAfterSeconds?: number
}

/**
 * An error of one of the package's catalogues (the back-office's, the video plugin's): a stable
 * code, its HTTP status and its text already in the request's language. It extends Payload's
 * `APIError`, so when thrown inside a Payload operation it reaches the client in Payload's usual
 * shape, `{ errors: [{ name, message, data }] }`, with the code in `data.code`. The shared endpoint
 * wrapper (`backofficeEndpoint`) answers any of them, whichever catalogue it comes from.
 */
export class CatalogueError<Code extends string = string> extends APIError<
  { code: Code } & CatalogueErrorVariables
> {
  readonly answer: CatalogueErrorAnswer
  readonly code: Code

  constructor(
    code: Code,
    {
      answer = {},
      message,
      status,
      variables = {},
    }: {
      answer?: CatalogueErrorAnswer
      message: string
      status: number
      variables?: CatalogueErrorVariables
    },
  ) {
    // Server-side failures never show their message to the client (Payload masks non-public errors).
    super(message, status, { code, ...variables }, status < 500)
    // One name for every catalogue: it is the name clients see in the body and the key Payload's
    // logger looks up in `config.loggingLevels` (see logThrownRefusal).
    this.name = 'BackofficeError'
    this.code = code
    this.answer = answer
  }
}
