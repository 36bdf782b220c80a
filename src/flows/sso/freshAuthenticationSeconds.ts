/**
 * How long ago the authentication at the provider behind a `reauth` or `link` flow may have been, by
 * the ID token's `auth_time`. The request asks for a new one (`prompt=login`, `max_age=0`), but only
 * `auth_time` shows that the provider did it: a browser can strip both parameters on the way, and a
 * provider can ignore them (OpenID Connect Core 1.0 §3.1.2.1: "When max_age is used, the ID Token
 * returned MUST include an auth_time Claim Value"; Auth0's "Force Reauthentication in OIDC": validate
 * `auth_time`, do not rely on `prompt=login`). Five minutes leave room for the provider's clock.
 */
export const freshAuthenticationSeconds = 300
