/**
 * A value as the tests read it: JSON of whatever shape an endpoint sent, a row as the database stored
 * it, a document or config as Payload built it. Tests walk into it and assert on what they find, so a
 * wrong guess fails the assertion, with the value in the message, rather than the type check.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read by assertions, see above
export type Json = any
