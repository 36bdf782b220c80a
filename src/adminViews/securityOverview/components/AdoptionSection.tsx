import type { ReactNode } from 'react'

import type { Adoption, AdoptionRow } from '../adoption.js'
import type { OverviewContext } from './overviewContext.js'

import { providerLabel } from '../../../shared/accounts/signInMethod.js'
import { overviewFilters } from '../overviewFilters.js'
import '../../../shared/components/backoffice.css'
import './overviewStyles.css'

type Where = Parameters<OverviewContext['listUrl']>[1]

type Column = { filter: Where; id: string; label: string; value: (row: AdoptionRow) => number }

/**
 * Second factors and sign-in methods per role, and the accounts a rule requires a factor of that
 * have none yet: every count links to the users list filtered to exactly those accounts.
 */
export const AdoptionSection = ({
  adoption,
  context,
}: {
  adoption: Adoption
  context: OverviewContext
}) => {
  const { count, listUrl, options, roleLabel, t } = context
  const users = options.usersCollection
  const rolesField = options.roles.field
  const passkeysOn = options.passkeys.enabled
  const link = (value: number, where: Where): ReactNode =>
    value === 0 ? (
      <span className="backoffice-overview__zero">{count(0)}</span>
    ) : (
      <a href={listUrl(users, where)}>{count(value)}</a>
    )
  const groups: { filter: null | Where; id: string; label: string; row: AdoptionRow }[] = [
    { filter: null, id: '*', label: t('securityAllAccounts'), row: adoption.all },
    ...adoption.byRole.map(({ role, row }) => ({
      filter: overviewFilters.holdingRoles(rolesField, [role]),
      id: role,
      label: roleLabel(role),
      row,
    })),
  ]
  const accountsColumn: Column = {
    filter: {},
    id: 'accounts',
    label: t('securityAccounts'),
    value: (row) => row.accounts,
  }
  const factorColumns: Column[] = [
    accountsColumn,
    {
      filter: overviewFilters.accountsWithApp(),
      id: 'app',
      label: t('securityFactorApp'),
      value: (row) => row.app,
    },
    ...(passkeysOn
      ? [
          {
            filter: overviewFilters.accountsWithPasskey(),
            id: 'passkey',
            label: t('securityFactorPasskey'),
            value: (row: AdoptionRow) => row.passkey,
          },
        ]
      : []),
    {
      filter: overviewFilters.accountsWithoutFactor(passkeysOn),
      id: 'none',
      label: t('securityFactorNone'),
      value: (row) => row.none,
    },
  ]
  const methodColumns: Column[] = [
    accountsColumn,
    ...adoption.methods.map((method) => ({
      filter: overviewFilters.signInMethod(method),
      id: `method:${method}`,
      label: method === 'local' ? t('securityMethodPassword') : providerLabel(options, method),
      value: (row: AdoptionRow) => row.methods[method] ?? 0,
    })),
  ]
  const table = (id: string, caption: string, columns: Column[]) => (
    <div className="backoffice-overview__table-scroll">
      <table className="backoffice-overview__table" data-overview-table={id}>
        <caption className="backoffice-overview__caption">
          <bdi>{caption}</bdi>
        </caption>
        <thead>
          <tr>
            <th
              className="backoffice-overview__header-cell backoffice-overview__header-cell--start"
              scope="col"
            >
              <bdi>{t('securityRole')}</bdi>
            </th>
            {columns.map((column) => (
              <th className="backoffice-overview__header-cell" key={column.id} scope="col">
                <bdi>{column.label}</bdi>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr data-role={group.id} key={group.id}>
              <th className="backoffice-overview__row-header" scope="row">
                <bdi>{group.label}</bdi>
              </th>
              {columns.map((column) => (
                <td className="backoffice-overview__cell" data-cell={column.id} key={column.id}>
                  {link(
                    column.value(group.row),
                    group.filter && Object.keys(column.filter).length === 0
                      ? group.filter
                      : overviewFilters.both(group.filter, column.filter),
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )

  const roleList = (roles: string[]) => roles.map(roleLabel).join(', ')
  const { passkeys, twoFactor } = adoption.rules
  const rules = [
    ...(twoFactor
      ? [
          {
            filter: overviewFilters.both(
              twoFactor.roles === null
                ? null
                : overviewFilters.holdingRoles(rolesField, twoFactor.roles),
              overviewFilters.accountsWithoutFactor(passkeysOn),
            ),
            id: 'twoFactor',
            label:
              twoFactor.roles === null
                ? t('securityRuleTwoFactorEveryone')
                : t('securityRuleTwoFactorRoles', { roles: roleList(twoFactor.roles) }),
            value: twoFactor.missing,
          },
        ]
      : []),
    ...(passkeys
      ? [
          {
            filter: overviewFilters.both(
              overviewFilters.holdingRoles(rolesField, passkeys.roles),
              overviewFilters.accountsWithoutPasskey(),
            ),
            id: 'passkeys',
            label: t('securityRulePasskeys', { roles: roleList(passkeys.roles) }),
            value: passkeys.missing,
          },
        ]
      : []),
  ]
  const headingId = 'backoffice-security-adoption'
  return (
    <section aria-labelledby={headingId} className="backoffice-overview__section">
      <h2 className="backoffice-overview__heading" id={headingId}>
        <bdi>{t('securityAdoptionHeading')}</bdi>
      </h2>
      <h3 className="backoffice-overview__subheading">
        <bdi>{t('securityRulesHeading')}</bdi>
      </h3>
      {rules.length === 0 ? (
        <p>
          <bdi>{t('securityNoRules')}</bdi>
        </p>
      ) : (
        <ul className="backoffice-plain-list backoffice-overview__cards">
          {rules.map((rule) => (
            <li data-overview-number={`rule:${rule.id}`} data-value={rule.value} key={rule.id}>
              <a
                className="backoffice-overview-card backoffice-overview__card backoffice-overview__card--link"
                href={listUrl(users, rule.filter)}
              >
                <span className="backoffice-overview__card-number">{count(rule.value)}</span>
                <span className="backoffice-overview__card-label">
                  <bdi>{rule.label}</bdi>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {table('factors', t('securityFactorsCaption'), factorColumns)}
      {table('methods', t('securityMethodsCaption'), methodColumns)}
    </section>
  )
}
