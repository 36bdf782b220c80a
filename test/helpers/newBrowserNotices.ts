import type { Json } from './json.js'

/**
 * Where an account's new-browser notices stand, read from the database rather than waited for:
 * `decided`, the sign-ins taken for a new browser's (stored before the sign-in answers; only a new
 * browser's row holds a report-link hash, and the notice, sent in the background, goes only for such a
 * row), and `sent`, the notices that went (audited once the mail server took them). A test expecting
 * no further notice polls until both agree, then checks the inbox: nothing else can be on its way.
 */
export const newBrowserNotices = async (
  sql: (text: string, values?: unknown[]) => Promise<Json[]>,
  account: number | string,
): Promise<{ decided: number; sent: number }> => {
  const [row] = await sql(
    `SELECT
       (SELECT count(*)::int FROM sign_in_browsers WHERE account = $1 AND report_token_hash IS NOT NULL) AS decided,
       (SELECT count(*)::int FROM audit_log WHERE event = 'login.newBrowserNoticed' AND target_object = $1) AS sent`,
    [String(account)],
  )
  return { decided: row!.decided as number, sent: row!.sent as number }
}
