'use client'

import type { SelectFieldClientProps, TextFieldClientProps } from 'payload'

import { SelectField } from '@payloadcms/ui'

type Props = {
  methods: { label: Record<string, string> | string; value: string }[]
} & TextFieldClientProps

/**
 * The sign-in method as a choice between email and password and the configured providers; the value
 * stays text, so adding or removing a provider needs no database migration.
 */
export const SignInMethodField = ({ methods, ...props }: Props) => {
  const selectProps = {
    ...props,
    field: { ...props.field, hasMany: false, options: methods, type: 'select' },
  } as unknown as SelectFieldClientProps
  return <SelectField {...selectProps} />
}
