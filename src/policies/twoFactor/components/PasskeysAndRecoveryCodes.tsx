'use client'

import { useState } from 'react'

import { PasskeysList } from '../passkeys/components/PasskeysList.js'
import { RecoveryCodesPanel } from './RecoveryCodesPanel.js'

type Props = {
  accountName: string
  apiRoute: string
  passkeys: boolean
  /** The recovery codes' count while a second factor is on; null without one (no codes then). */
  recovery: null | { remaining: number; total: number }
  serverURL: string
  usersCollection: string
}

/**
 * The account page's passkeys and recovery codes sections, one after the other. The first passkey
 * comes with recovery codes, which the server hands over once: they are kept here while the page
 * refreshes (its status is the server's) and shown in the recovery codes section, until closed.
 */
export const PasskeysAndRecoveryCodes = ({
  accountName,
  apiRoute,
  passkeys,
  recovery,
  serverURL,
  usersCollection,
}: Props) => {
  const [issued, setIssued] = useState<null | string[]>(null)
  return (
    <>
      {passkeys && (
        <PasskeysList
          apiRoute={apiRoute}
          onRecoveryCodes={setIssued}
          serverURL={serverURL}
          userId={null}
          usersCollection={usersCollection}
        />
      )}
      {recovery && (
        <RecoveryCodesPanel
          accountName={accountName}
          apiRoute={apiRoute}
          issued={issued}
          // Shown again, the codes would be on screen after "I have saved these codes".
          key={issued ? 'issued' : 'counted'}
          onIssuedShown={() => setIssued(null)}
          remaining={recovery.remaining}
          serverURL={serverURL}
          total={recovery.total}
          usersCollection={usersCollection}
        />
      )}
    </>
  )
}
