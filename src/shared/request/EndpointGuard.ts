import type { PayloadRequest } from 'payload'

/**
 * One thing an endpoint requires before its handler runs (a session, a fresh proof, an
 * administrator, a same-site request), declared beside the endpoint in `backofficeEndpoint`'s
 * `requires`. It refuses by throwing an error of a catalogue; it passes by returning what it
 * established (the viewer, their session, the account the path names), which the handler receives
 * in its context, as Better Auth's middleware hands its endpoints `ctx.context.session`
 * (https://www.better-auth.com/docs/concepts/plugins#create-auth-middleware): a handler never
 * reads again what its guards checked. A guard that establishes nothing returns nothing.
 */
export type EndpointGuard<Established extends object = Record<never, never>> = (
  req: PayloadRequest,
) => Promise<GuardResult<Established>> | GuardResult<Established>

type GuardResult<Established extends object> =
  Established | (keyof Established extends never ? void : never)

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never

/** What a list of guards established together: the merge of what each returned. */
export type EstablishedBy<Guards extends readonly EndpointGuard<object>[]> = [
  Guards[number],
] extends [never]
  ? Record<never, never>
  : UnionToIntersection<Exclude<Awaited<ReturnType<Guards[number]>>, void>>
