import type { BackofficeTranslationKey } from '../../../shared/translations/types.js'
import type { SignInsPerDay } from '../signInsPerDay.js'
import type { OverviewContext } from './overviewContext.js'

import { overviewFilters } from '../overviewFilters.js'
import { type SignInMethod, signInMethods, type SignInOutcome } from '../signInMethods.js'
import { SignInChart } from './lazyComponents.js'
import './overviewStyles.css'

const methodKeys: Record<SignInMethod, BackofficeTranslationKey> = {
  passkey: 'securityMethodPasskey',
  password: 'securityMethodPassword',
  sso: 'securityMethodSso',
}
const outcomeKeys: Record<SignInOutcome, BackofficeTranslationKey> = {
  refused: 'securityRefused',
  succeeded: 'securitySucceeded',
}
const outcomes: SignInOutcome[] = ['succeeded', 'refused']
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/**
 * Sign-ins per day as a chart (uPlot, loaded only on this page) and, for screen readers and anyone
 * who wants the figures, the same numbers as a table whose every count links to its audit entries.
 */
export const SignInsSection = ({
  context,
  signIns,
}: {
  context: OverviewContext
  signIns: SignInsPerDay
}) => {
  const { count, language, listUrl, options, t, windows } = context
  const dayFormat = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  const columns = outcomes.flatMap((outcome) =>
    signInMethods.map((method) => ({ method, outcome })),
  )
  const total = (outcome: SignInOutcome) => sum(signInMethods.map((m) => sum(signIns[outcome][m])))
  const cell = (
    outcome: SignInOutcome,
    method: SignInMethod,
    value: number,
    from: Date,
    to: Date,
  ) =>
    value === 0 ? (
      <span className="backoffice-overview__zero">{count(0)}</span>
    ) : (
      <a href={listUrl(options.audit.slug, overviewFilters.signIns(outcome, method, from, to))}>
        {count(value)}
      </a>
    )
  const headingId = 'backoffice-security-sign-ins'
  return (
    <section aria-labelledby={headingId} className="backoffice-overview__section">
      <h2 className="backoffice-overview__heading" id={headingId}>
        <bdi>{t('securitySignInsHeading')}</bdi>
      </h2>
      <SignInChart
        days={windows.days.map((day) => day.getTime())}
        language={language}
        series={columns.map(({ method, outcome }) => ({
          label: t('securitySeries', {
            method: t(methodKeys[method]),
            outcome: t(outcomeKeys[outcome]),
          }),
          method,
          outcome,
          values: signIns[outcome][method],
        }))}
        summary={t('securityChartSummary', {
          refused: count(total('refused')),
          succeeded: count(total('succeeded')),
        })}
      />
      <details>
        <summary>
          <bdi>{t('securityChartTable')}</bdi>
        </summary>
        <div className="backoffice-overview__table-scroll">
          <table className="backoffice-overview__table" data-overview-table="signIns">
            <caption className="backoffice-overview__caption">
              <bdi>{t('securitySignInsHeading')}</bdi>
            </caption>
            <thead>
              <tr>
                <td />
                {outcomes.map((outcome) => (
                  <th
                    className="backoffice-overview__header-cell"
                    colSpan={signInMethods.length}
                    key={outcome}
                    scope="colgroup"
                  >
                    <bdi>{t(outcomeKeys[outcome])}</bdi>
                  </th>
                ))}
              </tr>
              <tr>
                <th
                  className="backoffice-overview__header-cell backoffice-overview__header-cell--start"
                  scope="col"
                >
                  <bdi>{t('securityDay')}</bdi>
                </th>
                {columns.map(({ method, outcome }) => (
                  <th
                    className="backoffice-overview__header-cell"
                    key={`${outcome}-${method}`}
                    scope="col"
                  >
                    <bdi>{t(methodKeys[method])}</bdi>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {windows.days.map((day, index) => (
                <tr data-day={day.toISOString().slice(0, 10)} key={day.getTime()}>
                  <th className="backoffice-overview__row-header" scope="row">
                    <bdi>
                      <time dateTime={day.toISOString().slice(0, 10)}>{dayFormat.format(day)}</time>
                    </bdi>
                  </th>
                  {columns.map(({ method, outcome }) => (
                    <td
                      className="backoffice-overview__cell"
                      data-cell={`${outcome}-${method}`}
                      key={`${outcome}-${method}`}
                    >
                      {cell(
                        outcome,
                        method,
                        signIns[outcome][method][index]!,
                        day,
                        windows.dayEnd(day),
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-day="total">
                <th className="backoffice-overview__row-header" scope="row">
                  <bdi>{t('securityTotal')}</bdi>
                </th>
                {columns.map(({ method, outcome }) => (
                  <td
                    className="backoffice-overview__cell"
                    data-cell={`${outcome}-${method}`}
                    key={`${outcome}-${method}`}
                  >
                    {cell(
                      outcome,
                      method,
                      sum(signIns[outcome][method]),
                      windows.days[0]!,
                      windows.at,
                    )}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </section>
  )
}
