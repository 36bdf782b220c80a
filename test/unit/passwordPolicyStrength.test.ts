import { beforeAll, describe, expect, it } from 'vitest'

import {
  loadStrengthChecker,
  type StrengthChecker,
} from '../../src/policies/passwordPolicy/strength/loadStrengthChecker.js'
import { penalisedInputs } from '../../src/policies/passwordPolicy/strength/penalisedInputs.js'
import { zxcvbnSettings } from '../../src/policies/passwordPolicy/strength/zxcvbnSettings.js'

let check: StrengthChecker
beforeAll(async () => {
  check = await loadStrengthChecker()
}, 60_000)

const matches = (password: string, userInputs: string[] = []) =>
  check(password, userInputs).sequence.map((match) => match as unknown as Record<string, unknown>)

describe('scoring with the pinned settings', () => {
  it('uses the guess thresholds 1e3, 1e6, 1e8, 1e10 and the four attack speeds', () => {
    expect(zxcvbnSettings.timeEstimationValues).toEqual({
      attackTime: {
        offlineFastHashingXPerSecond: 1e10,
        offlineSlowHashingXPerSecond: 1e4,
        onlineNoThrottlingXPerSecond: 10,
        onlineThrottlingXPerHour: 100,
      },
      scoring: { 0: 1e3, 1: 1e6, 2: 1e8, 3: 1e10 },
    })
  })

  // Random characters are guessed by brute force at 10 guesses per character: n of them cost
  // 10^n + 1 guesses, which puts 3, 6, 8 and 10 characters just on the lower side of a threshold
  // and one character more just above it.
  it.each([
    ['x7K', 1e3 + 1, 0],
    ['x7Kq', 1e4 + 1, 1],
    ['x7Kq9#', 1e6 + 1, 1],
    ['x7Kq9#p', 1e7 + 1, 2],
    ['x7Kq9#pL', 1e8 + 1, 2],
    ['x7Kq9#pLm', 1e9 + 1, 3],
    ['x7Kq9#pLm2', 1e10 + 1, 3],
    ['x7Kq9#pLm2$', 1e11 + 1, 4],
  ])('scores %s (%d guesses) as %d', (password, guesses, score) => {
    const result = check(password, [])
    expect(result.sequence.map((match) => match.pattern)).toEqual(['bruteforce'])
    expect(result.guesses).toBe(guesses)
    expect(result.score).toBe(score)
  })

  it('derives crack times from the pinned attack speeds', () => {
    const { crackTimes, guesses } = check('x7Kq9#pLm2', [])
    expect(crackTimes.onlineThrottlingXPerHour.seconds).toBeCloseTo(guesses / (100 / 3600))
    expect(crackTimes.onlineNoThrottlingXPerSecond.seconds).toBeCloseTo(guesses / 10)
    expect(crackTimes.offlineSlowHashingXPerSecond.seconds).toBeCloseTo(guesses / 1e4)
    expect(crackTimes.offlineFastHashingXPerSecond.seconds).toBeCloseTo(guesses / 1e10)
  })
})

describe('dates (years 1000 to 2050; two-digit years above 50 are 19xx, else 20xx)', () => {
  const yearOf = (password: string) =>
    matches(password).find((match) => match.pattern === 'date')?.year

  it('reads four-digit years from 1000 to 2050 as dates', () => {
    expect(yearOf('01.01.1000')).toBe(1000)
    expect(yearOf('25.12.1987')).toBe(1987)
    expect(yearOf('01.01.2050')).toBe(2050)
  })

  it('does not read years outside 1000 to 2050 as such', () => {
    expect(yearOf('01.01.0999')).not.toBe(999)
    expect(yearOf('01.01.2051')).not.toBe(2051)
  })

  it('reads two-digit years above 50 as 19xx and the others as 20xx', () => {
    expect(yearOf('25.12.87')).toBe(1987)
    expect(yearOf('25.12.51')).toBe(1951)
    expect(yearOf('25.12.50')).toBe(2050)
    expect(yearOf('25.12.24')).toBe(2024)
  })

  it('makes a date cheap to guess', () => {
    expect(check('25.12.1987', []).score).toBeLessThanOrEqual(1)
  })
})

describe('dictionaries', () => {
  it.each([
    ['password', 'passwords-common'],
    ['wheelbarrow', 'commonWords-en'],
    ['Staubsauger', 'commonWords-de'],
    ['parapluie', 'commonWords-fr'],
    ['koelkast', 'commonWords-nl'],
  ])('know %s (%s)', (word, dictionary) => {
    const result = check(word, [])
    expect(
      result.sequence.map(
        (match) => (match as unknown as { dictionaryName?: string }).dictionaryName,
      ),
    ).toEqual([dictionary])
    expect(result.score).toBeLessThanOrEqual(1)
  })

  it('know keyboard walks on qwerty, qwertz and azerty layouts', () => {
    for (const [walk, graph] of [
      ['zxcvbnm,./', 'qwerty'],
      ['qwertzuiop', 'qwertz'],
      ['azertyuiop', 'azerty'],
    ]) {
      expect(matches(walk!).map((match) => match.graph)).toContain(graph)
    }
  })
})

describe("the account's own words", () => {
  const inputs = penalisedInputs({ email: 'jane.doe@example.com', name: 'Jane Doe' })

  it('are the email, its local part, the name and their pieces', () => {
    expect(inputs.sort()).toEqual(
      [
        'doe',
        'jane',
        'jane doe',
        'jane-doe',
        'jane.doe',
        'jane.doe@example.com',
        'jane_doe',
        'janedoe',
      ].sort(),
    )
  })

  it('make a password built from them weak', () => {
    expect(check('jane.doe@example.com', inputs).score).toBe(0)
    expect(check('JaneDoe2024!', []).score).toBeGreaterThan(check('JaneDoe2024!', inputs).score)
    expect(
      matches('JaneDoe2024!', inputs).some((match) => match.dictionaryName === 'userInputs'),
    ).toBe(true)
  })

  it('catch the name written with separators, which zxcvbn alone prices as brute force', () => {
    const name = 'Yselda Brackenwhit'
    expect(check('Yselda-Brackenwhit-1', []).score).toBe(4)
    expect(check('Yselda-Brackenwhit-1', penalisedInputs({ name })).score).toBeLessThan(3)
    expect(
      check('yselda.brackenwhit', penalisedInputs({ email: 'yselda.brackenwhit@example.com' }))
        .score,
    ).toBe(0)
  })

  it("accept plain words (a field's userInputs) as well as an account", () => {
    expect(penalisedInputs(['jane.doe@example.com', 'Jane Doe']).sort()).toEqual(inputs.sort())
  })
})

describe('bounded work', () => {
  it('judges at most the first 64 characters, however long the password', () => {
    expect(check('Aa1!'.repeat(64), []).password).toHaveLength(64)
  })

  it('passes the passphrases the tests use', () => {
    for (const passphrase of [
      'a-long-and-unusual-passphrase-42',
      'another-long-passphrase-9',
      'set-by-the-admin-123',
    ]) {
      expect(check(passphrase, []).score).toBeGreaterThanOrEqual(3)
    }
  })
})
