'use client'

import type { DefaultCellComponentProps } from 'payload'

import { useTranslation } from '@payloadcms/ui'

type Method = { label: Record<string, string> | string; value: string }

/**
 * The users list's Sign-in method column: the method's name for people ("email and password", the
 * provider's label such as "Corporate SSO"), not its stored id (`local`, `corporate`). An id no
 * provider has any more is shown as it is, so the account can still be found and moved.
 */
export const SignInMethodCell = ({
  cellData,
  methods = [],
}: { methods?: Method[] } & DefaultCellComponentProps) => {
  const { i18n } = useTranslation()
  if (cellData === undefined || cellData === null) {
    return null
  }
  const value = cellData === '' ? 'local' : String(cellData)
  const method = methods.find((candidate) => candidate.value === value)
  if (!method) {
    return <span>{value}</span>
  }
  const name =
    typeof method.label === 'string'
      ? method.label
      : (method.label[i18n.language] ?? method.label.en ?? Object.values(method.label)[0] ?? value)
  return <span>{name}</span>
}
