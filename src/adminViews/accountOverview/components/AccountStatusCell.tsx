'use client'

import type { DefaultCellComponentProps } from 'payload'

import type { StaffAccount } from '../../../shared/accounts/staffAccount.js'

import { useMountTime } from '../../../shared/components/client/useMountTime.js'
import { accountStatusOf } from '../accountStatus.js'
import { AccountStatusBadge } from './AccountStatusBadge.js'

/**
 * The users list's Status column. Read from the row Payload listed (`security.status`,
 * `lockoutUntil`, which administrators alone can read): nothing for anyone else.
 */
export const AccountStatusCell = ({
  enabled = true,
  rowData,
}: { enabled?: boolean } & DefaultCellComponentProps) => {
  const account = rowData as Partial<StaffAccount> | undefined
  const now = useMountTime()
  if (!enabled || !account?.security) {
    return null
  }
  return <AccountStatusBadge status={accountStatusOf(account, now)} />
}
