/** RFC 5321 caps an address at 254 characters. */
const MAX_EMAIL_LENGTH = 254

/**
 * The address pattern: no consecutive dots, a top-level domain of two or more letters,
 * no quotes or spaces. The same pattern as Payload's own `email` validation, so the admin's field
 * and this endpoint agree. The length is checked first, so the pattern never runs on huge input.
 */
const emailPattern =
  /^(?!.*\.\.)[\w!#$%&'*+/=?^`{|}~-](?:[\w!#$%&'*+/=?^`{|}~.-]*[\w!#$%&'*+/=?^`{|}~-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i

export const isEmailAddress = (value: string): boolean =>
  value.length <= MAX_EMAIL_LENGTH && emailPattern.test(value)
