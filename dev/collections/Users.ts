import type { CollectionConfig } from 'payload'

import { slateEditor } from '@payloadcms/richtext-slate'

import { isAdmin, isAdminField, isAdminOrSelf, roleLabels, roles } from '../access/roles.js'
import { labels } from '../labels.js'

/**
 * Staff accounts. A factory, as every collection of the sandbox: Payload's sanitizing changes the
 * config it is given (its fields, the rich-text editor's options), and the tests build configs of
 * different shapes in one process.
 */
export const usersCollection = (): CollectionConfig => ({
  slug: 'users',
  admin: {
    // The plugin adds its triage columns (sign-in method, second factor, last sign-in, status) after these.
    defaultColumns: ['email', 'name', 'roles'],
    group: labels.administration,
    useAsTitle: 'email',
  },
  access: {
    // Creating the very first user goes through Payload's own first-register route, which needs no access.
    create: isAdmin,
    delete: isAdmin,
    read: isAdminOrSelf,
    unlock: isAdmin,
    update: isAdminOrSelf,
  },
  auth: true,
  labels: labels.users,
  fields: [
    { name: 'name', type: 'text' },
    // A profile as staff directories have one: what an invitee fills in when accepting.
    { name: 'team', type: 'relationship', label: labels.fields.team, relationTo: 'teams' },
    { name: 'avatar', type: 'upload', label: labels.fields.avatar, relationTo: 'media' },
    {
      name: 'bio',
      type: 'richText',
      editor: slateEditor({
        admin: { elements: ['link', 'ul', 'ol', 'li'], leaves: ['bold', 'italic'] },
      }),
      label: labels.fields.bio,
    },
    {
      name: 'roles',
      type: 'select',
      access: {
        // Only administrators hand out roles, so nobody can promote themselves.
        create: isAdminField,
        update: isAdminField,
      },
      defaultValue: ['editor'],
      hasMany: true,
      options: roles.map((role) => ({ label: roleLabels[role], value: role })),
      required: true,
      saveToJWT: true,
    },
  ],
  hooks: {
    beforeChange: [
      async ({ data, operation, req }) => {
        if (operation !== 'create') {
          return data
        }
        // The first account of a fresh install is its administrator; everyone after that gets the
        // roles an administrator gives them (the field's access keeps editors from choosing).
        const { totalDocs } = await req.payload.count({
          collection: 'users',
          overrideAccess: true,
          req,
        })
        return totalDocs === 0 ? { ...data, roles: ['admin'] } : data
      },
    ],
  },
})

/**
 * The users collection as Payload's templates have it: the same fields without `roles`, and no hook
 * making the first account an administrator (tests of the plugin adding both).
 */
export const usersOfATemplate = (): CollectionConfig => {
  const users = usersCollection()
  return {
    ...users,
    admin: { ...users.admin, defaultColumns: ['email', 'name'] },
    fields: users.fields.filter((field) => !('name' in field && field.name === 'roles')),
    hooks: {},
  }
}
