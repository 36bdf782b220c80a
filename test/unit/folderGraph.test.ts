import { describe, expect, it } from 'vitest'

import { type ModuleGraph, violationsOf } from '../../scripts/folderGraph/rules.js'

/** A module graph from `[file, …files it imports]` rows, as dependency-cruiser reports one. */
const graph = (...rows: string[][]): ModuleGraph =>
  rows.map(([source, ...imports]) => ({
    dependencies: imports.map((resolved) => ({ resolved })),
    source: source!,
  }))

/** A slice of today's layout that keeps the direction: sign-in on a policy on the shared folders. */
const layered = [
  ['src/plugin.ts', 'src/signIn/passwordSignIn.ts', 'src/exports/client.ts'],
  ['src/exports/client.ts', 'src/adminViews/accountPage/index.ts'],
  ['src/adminViews/accountPage/index.ts', 'src/flows/sso/index.ts'],
  ['src/flows/sso/index.ts', 'src/signIn/signInSucceeded.ts'],
  ['src/signIn/passwordSignIn.ts', 'src/policies/lockout/attemptCredential.ts'],
  ['src/policies/lockout/attemptCredential.ts', 'src/shared/db/inTransaction.ts'],
  [
    'src/policies/twoFactor/passkeys/passkeyStore.ts',
    'src/policies/twoFactor/lib/passkeyDevice.ts',
  ],
  ['src/shared/db/inTransaction.ts'],
]

describe('the folder direction of src/ (npm run lint:deps)', () => {
  it('holds for a layered graph', () => {
    expect(violationsOf(graph(...layered))).toEqual([])
  })

  it('fails on a planted upward import: a shared folder importing a policy', () => {
    const planted = graph(...layered, [
      'src/shared/email/planted.ts',
      'src/policies/lockout/attemptCredential.ts',
    ])
    expect(violationsOf(planted)).toEqual([
      'src/shared/ may not import src/policies/ (it may import only itself): src/shared/email/planted.ts',
    ])
  })

  it('fails on a policy importing the sign-in pipeline above it', () => {
    const planted = graph(...layered, [
      'src/policies/sessions/planted.ts',
      'src/signIn/signInSucceeded.ts',
    ])
    expect(violationsOf(planted)).toEqual([
      'src/policies/ may not import src/signIn/ (it may import shared): src/policies/sessions/planted.ts',
    ])
  })

  it('fails on two capabilities of one layer importing each other', () => {
    const planted = graph(
      ...layered,
      ['src/shared/db/planted.ts', 'src/shared/audit/recordAuditEvent.ts'],
      ['src/shared/audit/recordAuditEvent.ts', 'src/shared/db/inTransaction.ts'],
    )
    expect(violationsOf(planted)).toEqual([
      'folders of src/ importing each other in a cycle: shared/audit, shared/db',
    ])
  })

  it("fails on two subfolders of a capability importing each other, not on the capability's own files", () => {
    const ownFiles = graph(
      ...layered,
      ['src/policies/twoFactor/index.ts', 'src/policies/twoFactor/passkeys/passkeyStore.ts'],
      ['src/policies/twoFactor/lib/passkeyDevice.ts', 'src/policies/twoFactor/constants.ts'],
    )
    expect(violationsOf(ownFiles)).toEqual([])
    const planted = graph(...layered, [
      'src/policies/twoFactor/lib/planted.ts',
      'src/policies/twoFactor/passkeys/passkeyStore.ts',
    ])
    expect(violationsOf(planted)).toEqual([
      'subfolders importing each other in a cycle: policies/twoFactor/lib, policies/twoFactor/passkeys',
    ])
  })

  it('fails on a folder at the top of src/ that is not a layer', () => {
    const planted = graph(...layered, ['src/lockout/attemptCredential.ts'])
    expect(violationsOf(planted)).toEqual([expect.stringMatching(/^src\/lockout\/ is not a layer/)])
  })
})
