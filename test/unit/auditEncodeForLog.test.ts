import { describe, expect, it } from 'vitest'

import { encodeDataForLog } from '../../src/shared/audit/encodeDataForLog.js'
import { encodeForLog } from '../../src/shared/audit/encodeForLog.js'

describe('encodeForLog', () => {
  it('keeps ordinary text, accents and emoji as they are', () => {
    expect(encodeForLog('Mozilla/5.0 (X11; Linux x86_64) Grüße 👋')).toBe(
      'Mozilla/5.0 (X11; Linux x86_64) Grüße 👋',
    )
  })

  it('turns CR and LF into visible escapes, so one value cannot forge a second log line', () => {
    const forged = 'curl/8\r\n2025-01-01 login.succeeded admin@example.com'
    const encoded = encodeForLog(forged)
    expect(encoded).toBe('curl/8\\r\\n2025-01-01 login.succeeded admin@example.com')
    expect(encoded).not.toMatch(/[\r\n]/)
  })

  it('escapes every other control character, DEL, C1 controls, line separators and bidi overrides', () => {
    const encoded = encodeForLog('a\u0000b\u001bc\td\u007fe\u0085f\u2028g\u2029h\u202ei\u2066j')
    expect(encoded).toBe('a\\u0000b\\u001bc\\td\\u007fe\\u0085f\\u2028g\\u2029h\\u202ei\\u2066j')
    expect(encoded).not.toMatch(
      // eslint-disable-next-line no-control-regex -- asserts that no control character is left
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u,
    )
  })

  it('doubles backslashes, so a typed "\\n" never reads like an encoded line break', () => {
    expect(encodeForLog('C:\\new')).toBe('C:\\\\new')
    expect(encodeForLog('\\n')).not.toBe(encodeForLog('\n'))
  })

  it('bounds the length, never cutting an escape or a surrogate pair in half', () => {
    expect(encodeForLog('x'.repeat(5000))).toHaveLength(1001)
    expect(encodeForLog('x'.repeat(5000)).endsWith('…')).toBe(true)
    expect(encodeForLog('abcdef', { maxLength: 3 })).toBe('abc…')
    expect(encodeForLog('ab\ncd', { maxLength: 3 })).toBe('ab…')
    expect(encodeForLog('a😀b', { maxLength: 2 })).toBe('a…')
    expect(encodeForLog('abc', { maxLength: 3 })).toBe('abc')
  })
})

describe('encodeDataForLog', () => {
  it('encodes strings and keys at every depth and keeps numbers, booleans and null', () => {
    expect(
      encodeDataForLog({ 'a\nb': ['x\ry', 1, true, null], nested: { deeper: 'line\nbreak' } }),
    ).toEqual({
      'a\\nb': ['x\\ry', 1, true, null],
      nested: { deeper: 'line\\nbreak' },
    })
  })

  it('never stores values under secret-looking keys', () => {
    expect(
      encodeDataForLog({
        apiKey: 'k',
        factor: 'password',
        newPassword: 'hunter2',
        otp: '123456',
        resetPasswordToken: 't',
        salt: 's',
      }),
    ).toEqual({
      apiKey: '[redacted]',
      factor: 'password',
      newPassword: '[redacted]',
      otp: '[redacted]',
      resetPasswordToken: '[redacted]',
      salt: '[redacted]',
    })
  })

  it('bounds depth, list length and string length, and drops what is not plain JSON', () => {
    const deep = { a: { b: { c: { d: { e: 'too deep' } } } } }
    expect(encodeDataForLog(deep)).toEqual({ a: { b: { c: {} } } })
    expect(
      (encodeDataForLog({ list: Array.from({ length: 80 }, (_, i) => i) }) as { list: number[] })
        .list,
    ).toHaveLength(50)
    expect((encodeDataForLog({ text: 'y'.repeat(900) }) as { text: string }).text).toHaveLength(501)
    expect(
      encodeDataForLog({
        at: new Date('2025-01-02T03:04:05Z'),
        fn: () => 1,
        map: new Map(),
        n: Number.NaN,
      }),
    ).toEqual({
      at: '2025-01-02T03:04:05.000Z',
      n: null,
    })
  })
})
