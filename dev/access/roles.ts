import type { Access, FieldAccess } from 'payload'

/**
 * Staff roles of the sandbox: administrators manage people, editors manage content, reviewers read
 * content and its history without changing it (so the admin hides restore and save from them).
 */
export const roles = ['admin', 'editor', 'reviewer'] as const
export type Role = (typeof roles)[number]

export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  editor: 'Editor',
  reviewer: 'Reviewer',
}

type WithRoles = { roles?: null | readonly string[] } | null | undefined

const hasRole = (user: WithRoles, role: Role): boolean => Boolean(user?.roles?.includes(role))

export const isAdmin: Access = ({ req }) => hasRole(req.user as WithRoles, 'admin')

export const isAdminField: FieldAccess = ({ req }) => hasRole(req.user as WithRoles, 'admin')

/** Administrators and editors change content; reviewers only read it. */
export const canEditContent: Access = ({ req }) =>
  hasRole(req.user as WithRoles, 'admin') || hasRole(req.user as WithRoles, 'editor')

/** Administrators see everyone; other staff only their own account. */
export const isAdminOrSelf: Access = ({ req }) => {
  if (hasRole(req.user as WithRoles, 'admin')) {
    return true
  }
  return req.user ? { id: { equals: req.user.id } } : false
}

/** Published documents are public; drafts only for staff. */
export const publishedOrStaff: Access = ({ req }) =>
  req.user ? true : { _status: { equals: 'published' } }
