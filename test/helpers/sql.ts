import type { Payload } from 'payload'

import type { Json } from './json.js'

type Pool = { query: (text: string, values: unknown[]) => Promise<{ rows: Json[] }> }

/**
 * Raw SQL on a test Payload's database: to look at what is stored exactly as stored, and to move
 * time (an expired lock) without waiting.
 */
export const sqlOn =
  (payload: () => Payload | Promise<Payload>) =>
  async (text: string, values: unknown[] = []): Promise<Json[]> =>
    ((await payload()).db as unknown as { pool: Pool }).pool
      .query(text, values)
      .then((result) => result.rows)
