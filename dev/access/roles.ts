import type { Access, FieldAccess } from 'payload'

/** Staff roles of the sandbox: administrators manage people, editors manage content. */
export const roles = ['admin', 'editor'] as const
export type Role = (typeof roles)[number]

type WithRoles = { roles?: null | readonly string[] } | null | undefined

export const hasRole = (user: WithRoles, role: Role): boolean => Boolean(user?.roles?.includes(role))

export const isAdmin: Access = ({ req }) => hasRole(req.user as WithRoles, 'admin')

export const isAdminField: FieldAccess = ({ req }) => hasRole(req.user as WithRoles, 'admin')

/** Any signed-in staff member: both roles edit content. */
export const isStaff: Access = ({ req }) => Boolean(req.user)

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
