import { describe, expect, it } from 'vitest'

import type { PublicPasswordPolicy } from '../../src/policies/passwordPolicy/publicPolicy.js'

import { countCharacterClasses } from '../../src/policies/passwordPolicy/characterClasses.js'
import { evaluatePassword } from '../../src/policies/passwordPolicy/evaluatePassword.js'
import { publicPasswordPolicy } from '../../src/policies/passwordPolicy/publicPolicy.js'
import { defaults } from '../../src/shared/options/defaults.js'
import { sanitizeOptions } from '../../src/shared/options/sanitize.js'

const defaultPolicy = publicPasswordPolicy(sanitizeOptions({}))
const policy = (overrides: Partial<PublicPasswordPolicy> = {}): PublicPasswordPolicy => ({
  ...defaultPolicy,
  ...overrides,
})
const ruleIds = (
  password: string,
  rules: PublicPasswordPolicy,
  score: 0 | 1 | 2 | 3 | 4 | null = 4,
) => evaluatePassword(password, rules, score).rules.map((rule) => rule.id)

describe('the default policy (no composition rules, ASVS 5.0 6.2.5)', () => {
  it('is 12 characters, at most 256, strength at least "secure"', () => {
    expect(defaultPolicy).toEqual({
      characterClassMinimums: { lowercase: 0, number: 0, special: 0, uppercase: 0 },
      maxLength: 256,
      minCharacterClasses: 0,
      minLength: 12,
      minScore: 3,
    })
    expect(defaults.passwordPolicy.breachedPasswords.enabled).toBe(false)
  })

  it('lists the minimum length and the strength only', () => {
    const evaluation = evaluatePassword('short', defaultPolicy, 0)
    expect(evaluation.rules).toEqual([
      { id: 'minLength', labelKey: 'passwordRuleMinLength', met: false, variables: { count: 12 } },
      { id: 'minScore', labelKey: 'passwordRuleMinScore', met: false, variables: { score: 3 } },
    ])
    expect(evaluation.meetsRequirements).toBe(false)
  })

  it('accepts a long passphrase of any characters once it is strong enough', () => {
    const evaluation = evaluatePassword('a-long-and-unusual-passphrase-42', defaultPolicy, 4)
    expect(evaluation.rules.every((rule) => rule.met)).toBe(true)
    expect(evaluation.meetsRequirements).toBe(true)
  })
})

describe('rules', () => {
  it('count Unicode code points, not UTF-16 units (NIST SP 800-63B)', () => {
    // Six emoji are twelve UTF-16 units, but six characters.
    const sixEmoji = '🔑🔑🔑🔑🔑🔑'
    expect(sixEmoji.length).toBe(12)
    expect(
      evaluatePassword(sixEmoji, policy({ minLength: 7, minScore: 0 }), null).rules[0],
    ).toMatchObject({ id: 'minLength', met: false })
    expect(
      evaluatePassword(sixEmoji, policy({ minLength: 6, minScore: 0 }), null).rules[0],
    ).toMatchObject({ id: 'minLength', met: true })
  })

  it('refuse a password above the maximum, listing that rule only then, and never truncate it', () => {
    const atMost = 'x'.repeat(128)
    expect(ruleIds(atMost, policy({ maxLength: 128 }))).not.toContain('maxLength')
    const evaluation = evaluatePassword(`${atMost}y`, policy({ maxLength: 128 }), 4)
    expect(evaluation.rules.find((rule) => rule.id === 'maxLength')).toEqual({
      id: 'maxLength',
      labelKey: 'passwordRuleMaxLength',
      met: false,
      variables: { count: 128 },
    })
    expect(evaluation.meetsRequirements).toBe(false)
  })

  it('list "Contains at least N different categories" only when a class count is set', () => {
    expect(ruleIds('abcdefghijklm', policy())).not.toContain('characterClasses')
    const rules = policy({ minCharacterClasses: 3 })
    expect(
      evaluatePassword('abcdefghijklm', rules, 4).rules.find(
        (rule) => rule.id === 'characterClasses',
      ),
    ).toEqual({
      id: 'characterClasses',
      labelKey: 'passwordRuleCharacterClasses',
      met: false,
      variables: { count: 3 },
    })
    expect(evaluatePassword('abcdefghijkL9', rules, 4).meetsRequirements).toBe(true)
    expect(evaluatePassword('abcdefghijk !', rules, 4).meetsRequirements).toBe(false)
  })

  it('list one rule per class whose minimum is above 0, in a fixed order', () => {
    const rules = policy({
      characterClassMinimums: { lowercase: 0, number: 2, special: 1, uppercase: 1 },
    })
    expect(ruleIds('whatever-goes-here', rules)).toEqual([
      'minLength',
      'uppercase',
      'number',
      'special',
      'minScore',
    ])
    const failing = evaluatePassword('Only-one-digit-1', rules, 4)
    expect(failing.rules.filter((rule) => !rule.met).map((rule) => rule.id)).toEqual(['number'])
    expect(evaluatePassword('Two-digits-12-here', rules, 4).meetsRequirements).toBe(true)
  })

  it('list the strength only when its minimum is above 0', () => {
    expect(ruleIds('abcdefghijklm', policy({ minScore: 0 }))).toEqual(['minLength'])
    expect(evaluatePassword('abcdefghijklm', policy({ minScore: 0 }), null).meetsRequirements).toBe(
      true,
    )
  })

  it('treat an unknown score (dictionaries still loading) as not meeting a strength minimum', () => {
    const evaluation = evaluatePassword('a-long-and-unusual-passphrase-42', defaultPolicy, null)
    expect(evaluation.rules.find((rule) => rule.id === 'minScore')?.met).toBe(false)
    expect(evaluation.meetsRequirements).toBe(false)
  })

  it('compare the score with the minimum inclusively', () => {
    expect(evaluatePassword('abcdefghijklm', policy({ minScore: 2 }), 1).meetsRequirements).toBe(
      false,
    )
    expect(evaluatePassword('abcdefghijklm', policy({ minScore: 2 }), 2).meetsRequirements).toBe(
      true,
    )
  })
})

describe('the five-segment meter', () => {
  it('fills score + 1 segments once the minimum length and class count are met', () => {
    const rules = policy({ minCharacterClasses: 2 })
    expect(
      [0, 1, 2, 3, 4].map(
        (score) => evaluatePassword('abcdefghijk1', rules, score as 0).meterSegments,
      ),
    ).toEqual([1, 2, 3, 4, 5])
  })

  it('stays empty while the password is too short, whatever the score', () => {
    expect(evaluatePassword('Sh0rt!', policy(), 4).meterSegments).toBe(0)
  })

  it('stays empty while too few character classes are present', () => {
    expect(
      evaluatePassword('abcdefghijklmnop', policy({ minCharacterClasses: 2 }), 4).meterSegments,
    ).toBe(0)
  })

  it('stays empty while the score is unknown', () => {
    expect(evaluatePassword('abcdefghijklmnop', policy(), null).meterSegments).toBe(0)
  })

  it('does not wait for per-class minimums or the strength minimum: it shows the strength', () => {
    const rules = policy({
      characterClassMinimums: { lowercase: 0, number: 0, special: 3, uppercase: 0 },
      minScore: 4,
    })
    const evaluation = evaluatePassword('abcdefghijklmnop', rules, 1)
    expect(evaluation.meterSegments).toBe(2)
    expect(evaluation.meetsRequirements).toBe(false)
  })
})

describe('change password (issue 38 item 6)', () => {
  it('lists "Differs from the current password", unmet for the current password, met for another', () => {
    const rules = policy({})
    const same = evaluatePassword('granite-otter-whistles-7', rules, 4, {
      currentPassword: 'granite-otter-whistles-7',
    })
    expect(same.rules.find((rule) => rule.id === 'differsFromCurrent')?.met).toBe(false)
    expect(same.meetsRequirements).toBe(false)
    const other = evaluatePassword('granite-otter-whistles-8', rules, 4, {
      currentPassword: 'granite-otter-whistles-7',
    })
    expect(other.rules.find((rule) => rule.id === 'differsFromCurrent')?.met).toBe(true)
    expect(other.meetsRequirements).toBe(true)
    // Without a current password (reset, invitation, first user) the rule is not listed.
    expect(
      evaluatePassword('granite-otter-whistles-8', rules, 4).rules.map((rule) => rule.id),
    ).not.toContain('differsFromCurrent')
  })
})

describe('character classes', () => {
  it('count letters by case across scripts, digits, and everything else as special', () => {
    expect(countCharacterClasses('ÄbC d1٣!')).toEqual({
      lowercase: 2,
      number: 2,
      special: 2,
      uppercase: 2,
    })
  })

  it('count caseless letters (CJK, Arabic) in no class', () => {
    expect(countCharacterClasses('密码كلمة')).toEqual({
      lowercase: 0,
      number: 0,
      special: 0,
      uppercase: 0,
    })
  })
})
