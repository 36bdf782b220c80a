/**
 * `npm run seed`: demo pages, posts and images, a sample video, and an administrator and an editor
 * account.
 */
import { getPayload } from 'payload'

import { closePayload } from '../database/closePayload.js'
import { seed } from '../seed/seed.js'
import { seedVideo } from '../seed/video.js'
import { prepareSandbox } from './sandboxEnvironment.js'

const sandbox = await prepareSandbox()
const { default: config } = await import('../payload.config.js')
const payload = await getPayload({ config })
try {
  const accounts = await seed(payload)
  if (await seedVideo(payload)) {
    console.log(
      '\n✔ Added the sample video "Test pattern"; `npm run dev` encodes it within seconds.',
    )
  }
  console.log('\n✔ Seeded pages, posts and media. Sign in at /admin with:')
  for (const { email, password, role } of accounts) {
    console.log(`  ${role.padEnd(6)}  ${email}  ${password}`)
  }
  console.log('  (Passwords are new on every seed run.)\n')
} finally {
  await closePayload(payload)
  await sandbox.stop()
}
process.exit(0)
