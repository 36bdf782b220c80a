import { describe, expect, it } from 'vitest'

import { checkResetRequestChange } from '../../src/policies/twoFactor/resetRequests/transitions.js'

const now = new Date('2026-11-22T08:00:00Z')
const open = new Date('2026-11-29T08:00:00Z')
const past = new Date('2026-11-22T07:59:59Z')

describe('reset request transitions', () => {
  it.each(['approved', 'denied', 'expired', 'reportedMisuse'])(
    'a pending request may become %s',
    (status) => {
      expect(
        checkResetRequestChange({ changes: { status }, current: 'pending', expiresAt: open, now }),
      ).toBeNull()
    },
  )

  it('a reviewer may add a comment with the decision', () => {
    expect(
      checkResetRequestChange({
        changes: { approverComment: 'phone lost, checked by call', status: 'approved' },
        current: 'pending',
        expiresAt: open,
        now,
      }),
    ).toBeNull()
  })

  it.each(['approved', 'denied', 'expired', 'reportedMisuse'] as const)(
    'a %s request cannot change any more',
    (current) => {
      expect(
        checkResetRequestChange({ changes: { status: 'denied' }, current, expiresAt: open, now }),
      ).toEqual({ code: 'RESET_REQUEST_PROCESSED' })
      expect(
        checkResetRequestChange({
          changes: { approverComment: 'later' },
          current,
          expiresAt: open,
          now,
        }),
      ).toEqual({
        code: 'RESET_REQUEST_PROCESSED',
      })
    },
  )

  it.each(['pending', 'deleted', undefined])(
    'moving a pending request to %s is an invalid transition',
    (status) => {
      expect(
        checkResetRequestChange({ changes: { status }, current: 'pending', expiresAt: open, now }),
      ).toEqual({
        code: 'INVALID_STATUS_TRANSITION',
        variables: { status: status ?? '' },
      })
    },
  )

  it.each([
    'reason',
    'requester',
    'approver',
    'processedAt',
    'expiresAt',
    'clientIp',
    'userAgent',
    'misuseReportTokenHash',
  ])('%s is system-controlled', (field) => {
    expect(
      checkResetRequestChange({
        changes: { [field]: 'x', status: 'approved' },
        current: 'pending',
        expiresAt: open,
        now,
      }),
    ).toEqual({
      code: 'SYSTEM_CONTROLLED_FIELD',
      variables: { field },
    })
  })

  it('misuse can still be reported on an approved request, and only misuse', () => {
    expect(
      checkResetRequestChange({
        changes: { status: 'reportedMisuse' },
        current: 'approved',
        expiresAt: past,
        now,
      }),
    ).toBeNull()
    expect(
      checkResetRequestChange({
        changes: { approverComment: 'x', status: 'reportedMisuse' },
        current: 'approved',
        expiresAt: open,
        now,
      }),
    ).toEqual({
      code: 'RESET_REQUEST_PROCESSED',
    })
    for (const current of ['denied', 'expired', 'reportedMisuse'] as const) {
      expect(
        checkResetRequestChange({
          changes: { status: 'reportedMisuse' },
          current,
          expiresAt: open,
          now,
        }),
      ).toEqual({ code: 'RESET_REQUEST_PROCESSED' })
    }
  })

  it('a pending request past its expiry can only expire', () => {
    expect(
      checkResetRequestChange({
        changes: { status: 'approved' },
        current: 'pending',
        expiresAt: past,
        now,
      }),
    ).toEqual({
      code: 'RESET_REQUEST_EXPIRED',
    })
    expect(
      checkResetRequestChange({
        changes: { status: 'expired' },
        current: 'pending',
        expiresAt: past,
        now,
      }),
    ).toBeNull()
    expect(
      checkResetRequestChange({
        changes: { status: 'approved' },
        current: 'pending',
        expiresAt: now,
        now,
      }),
    ).toEqual({
      code: 'RESET_REQUEST_EXPIRED',
    })
  })
})
