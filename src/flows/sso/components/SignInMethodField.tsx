'use client'

import type { SelectFieldClientProps, TextFieldClientProps } from 'payload'

import { SelectField } from '@payloadcms/ui'

import { useBackofficeTranslation } from '../../../shared/components/client/useBackofficeTranslation.js'

type Props = {
  methods: { label: Record<string, string> | string; value: string }[]
} & TextFieldClientProps

/**
 * The sign-in method as a choice between email and password and the configured providers; the value
 * stays text, so adding or removing a provider needs no database migration. The label is translated
 * here: the field Payload hands a custom component carries its label as resolved for the language of
 * the first page the server rendered, so a German admin read "Sign-in method" (issue 38 item 11).
 */
export const SignInMethodField = ({ methods, ...props }: Props) => {
  const t = useBackofficeTranslation()
  const selectProps = {
    ...props,
    field: {
      ...props.field,
      hasMany: false,
      label: t('fieldIdentityProvider'),
      options: methods,
      type: 'select',
    },
  } as unknown as SelectFieldClientProps
  return <SelectField {...selectProps} />
}
