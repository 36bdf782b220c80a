import type { PayloadRequest } from 'payload'

/**
 * One thing an endpoint requires before its handler runs (a session, a fresh proof, an
 * administrator, a same-site request), declared beside the endpoint in `backofficeEndpoint`'s
 * `requires`. It refuses by throwing an error of a catalogue and passes by returning.
 */
export type EndpointGuard = (req: PayloadRequest) => Promise<void> | void
