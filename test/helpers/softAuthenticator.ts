import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor'
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

type Credential = { counter: number; id: string; privateKey: KeyObject; userHandle: string }

/** What a response may be made to claim, for tests of the server's checks. */
type Claims = {
  /** The counter the authenticator reports; by default one more than last time. */
  counter?: number
  /** The page the browser says the ceremony ran on. */
  origin?: string
  /** The relying party the authenticator signs for (its hash is in the authenticator data). */
  rpId?: string
  /** Another user handle than the credential's. */
  userHandle?: string
  /** Whether the person was verified (PIN, biometric). */
  userVerified?: boolean
}

/**
 * A software authenticator for the integration tests: ES256 keys from Node's crypto, responses
 * encoded as a browser and a platform authenticator encode them (WebAuthn Level 3 §6.1 authenticator
 * data, §6.5.4 "none" attestation, §7 client data). The server under test verifies them with
 * @simplewebauthn/server; the browser tests use Chromium's own virtual authenticator instead.
 */
export const softAuthenticator = ({ origin, rpId }: { origin: string; rpId: string }) => {
  const credentials: Credential[] = []

  const authenticatorData = (claims: Claims, counter: number, attested?: Uint8Array) => {
    const flags = 0x01 | (claims.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0)
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([
      sha256(claims.rpId ?? rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ])
  }

  const clientData = (type: string, challenge: string, claims: Claims) =>
    Buffer.from(
      JSON.stringify({ challenge, crossOrigin: false, origin: claims.origin ?? origin, type }),
    )

  return {
    credentials,
    /** `navigator.credentials.create()`: a new discoverable credential for the options' user. */
    create(
      options: PublicKeyCredentialCreationOptionsJSON,
      claims: Claims = {},
    ): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const coseKey = encodeCBOR(
        new Map<number, CBORType>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      )
      const id = randomBytes(16)
      const length = Buffer.alloc(2)
      length.writeUInt16BE(id.length)
      const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKey])
      const authData = authenticatorData(claims, 0, attested)
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', new Uint8Array(authData)],
        ]),
      )
      credentials.push({ counter: 0, id: b64(id), privateKey, userHandle: options.user.id })
      return {
        clientExtensionResults: {},
        id: b64(id),
        rawId: b64(id),
        response: {
          attestationObject: b64(attestationObject),
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, claims)),
          transports: ['internal'],
        },
        type: 'public-key',
      }
    },
    /**
     * `navigator.credentials.get()`: an assertion by the first of the options' allowed credentials
     * this authenticator holds, or, with none listed (a discoverable sign-in), by `credentialId` or
     * its newest credential.
     */
    get(
      options: PublicKeyCredentialRequestOptionsJSON,
      claims: Claims & { credentialId?: string } = {},
    ): AuthenticationResponseJSON {
      const allowed = options.allowCredentials?.map((credential) => credential.id) ?? []
      const credential =
        credentials.find((candidate) =>
          claims.credentialId
            ? candidate.id === claims.credentialId
            : allowed.length === 0 || allowed.includes(candidate.id),
        ) ?? (allowed.length === 0 ? credentials.at(-1) : undefined)
      if (!credential) {
        throw new Error('softAuthenticator: no credential for these options')
      }
      credential.counter = claims.counter ?? credential.counter + 1
      const authData = authenticatorData(claims, credential.counter)
      const clientDataJSON = clientData('webauthn.get', options.challenge, claims)
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        credential.privateKey,
      )
      return {
        clientExtensionResults: {},
        id: credential.id,
        rawId: credential.id,
        response: {
          authenticatorData: b64(authData),
          clientDataJSON: b64(clientDataJSON),
          signature: b64(signature),
          userHandle: claims.userHandle ?? credential.userHandle,
        },
        type: 'public-key',
      }
    },
  }
}
