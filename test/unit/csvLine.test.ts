import { describe, expect, it } from 'vitest'

import { csvLine } from '../../src/shared/lib/csvLine.js'

describe('csvLine', () => {
  it('quotes fields with commas, quotes and line breaks as RFC 4180 says, and ends in CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'é'])).toBe(
      'plain,"a,b","say ""hi""","two\r\nlines",é\r\n',
    )
  })

  it('writes null and undefined as empty fields and other values as JSON', () => {
    expect(csvLine([null, undefined, 3, true, { a: [1, 'x'] }])).toBe(
      ',,3,true,"{""a"":[1,""x""]}"\r\n',
    )
  })

  it('neutralises cells a spreadsheet would run as formulas (OWASP CSV injection)', () => {
    expect(
      csvLine(['=HYPERLINK("https://attacker.example","x")', '+1', '-1', '@SUM(A1)', '\tx', '\rx']),
    ).toBe(`"'=HYPERLINK(""https://attacker.example"",""x"")",'+1,'-1,'@SUM(A1),'\tx,"'\rx"\r\n`)
    // Not at the start: left alone.
    expect(csvLine(['a=b', 'user@example.com'])).toBe('a=b,user@example.com\r\n')
  })
})
