import pg from 'pg'

import { browserLane } from './browserLane.js'

/**
 * One SQL statement on the database this test file's lane's app uses, on a connection of its own
 * (tens of milliseconds, against the seconds a second Payload in the test process costs): for a
 * column the Local API does not let a test write.
 */
const queryAppDatabase = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: browserLane().appEnv.DATABASE_URL })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/**
 * Forgets the time step the account's authenticator code was last accepted for (the plugin's
 * `totpConfig.lastUsedStep`, which refuses that step and every earlier one), for an authenticator
 * app (`authenticatorApp` in twoFactor.ts) that would otherwise wait up to 30 s for a fresh step.
 */
export const forgetLastUsedStep = (email: string) => async () => {
  await queryAppDatabase('UPDATE users SET totp_config_last_used_step = NULL WHERE email = $1', [
    email,
  ])
}

/**
 * Ages the proof of every session of the account by an hour, past the sudo window: its next
 * sensitive change asks "Confirm it's you" first, as it would an hour after signing in.
 */
export const ageSessionProof = async (email: string) => {
  await queryAppDatabase(
    "UPDATE sessions SET proved_at = now() - interval '1 hour' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
    [email],
  )
}
