import { describe, expect, it } from 'vitest'

import { openSecretWithKeys } from '../../src/shared/lib/openSecretWithKeys.js'
import { deriveSecretKey, sealSecret } from '../../src/shared/lib/secretBox.js'

const current = deriveSecretKey('c'.repeat(32))
const earlier = deriveSecretKey('e'.repeat(32))
const other = deriveSecretKey('o'.repeat(32))

describe('key rotation: opening a secret with the current key or an earlier one', () => {
  it('says which key opened it: 0 for the current key, else the earlier one to re-seal from', () => {
    expect(
      openSecretWithKeys(sealSecret('JBSWY3DP', current, '7'), [current, earlier], '7'),
    ).toEqual({
      keyIndex: 0,
      plaintext: 'JBSWY3DP',
    })
    expect(
      openSecretWithKeys(sealSecret('JBSWY3DP', earlier, '7'), [current, earlier], '7'),
    ).toEqual({
      keyIndex: 1,
      plaintext: 'JBSWY3DP',
    })
  })

  it('opens nothing with no matching key, on another account, or altered', () => {
    const sealed = sealSecret('JBSWY3DP', earlier, '7')
    expect(openSecretWithKeys(sealed, [current, other], '7')).toBeNull()
    expect(openSecretWithKeys(sealed, [current, earlier], '8')).toBeNull()
    expect(openSecretWithKeys(`${sealed.slice(0, -2)}AA`, [current, earlier], '7')).toBeNull()
    expect(openSecretWithKeys(sealed, [], '7')).toBeNull()
  })
})
