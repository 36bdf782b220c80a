import type { Capability } from './capability.js'

import { accountOverview } from './accountOverview/index.js'
import { accountPage } from './accountPage/index.js'
import { accounts } from './accounts/index.js'
import { apiKeys } from './apiKeys/index.js'
import { auditLog } from './audit/index.js'
import { changePassword } from './changePassword/index.js'
import { coreRoutes } from './coreRoutes/index.js'
import { emails } from './email/index.js'
import { firstUser } from './firstUser/index.js'
import { health } from './health/index.js'
import { invitations } from './invitations/index.js'
import { lockout } from './lockout/index.js'
import { newBrowserNotice } from './newBrowserNotice/index.js'
import { observability } from './observability/index.js'
import { passwordPolicy } from './passwordPolicy/index.js'
import { passwordReset } from './passwordReset/index.js'
import { passwords } from './passwords/index.js'
import { recoveryReview } from './recoveryReview/index.js'
import { richTextReadOnlyBlocks } from './richtext/readOnlyBlocks.js'
import { roles } from './roles/index.js'
import { sealedState } from './sealedState/index.js'
import { securityOverview } from './securityOverview/index.js'
import { sessions } from './sessions/index.js'
import { signIn } from './signIn/index.js'
import { sso } from './sso/index.js'
import { sudo } from './sudo/index.js'
import { suspension } from './suspension/index.js'
import { trashAndFolders } from './trashAndFolders/index.js'
import { twoFactor } from './twoFactor/index.js'
import { uploads } from './uploads/index.js'
import { versionComparison } from './versions/index.js'

/**
 * Every capability of the plugin, in the order they extend the config. Adding one is one line here
 * and a folder of its own under src/. The order is the order of the hooks each appends, and it
 * matters for the users collection's `beforeLogin` chain, which runs on every sign-in path:
 * suspension (a suspended account is refused before anything else), then signIn (a second factor
 * first, or a session now), then passwords (a reset recorded), then invitations (an unaccepted
 * invitation refused).
 */
export const capabilities: Capability[] = [
  accounts,
  // Its field first among the plugin's, right after the app's own.
  roles,
  emails,
  lockout,
  suspension,
  signIn,
  sealedState,
  sessions,
  apiKeys,
  twoFactor,
  passwordPolicy,
  passwords,
  invitations,
  changePassword,
  sudo,
  sso,
  newBrowserNotice,
  recoveryReview,
  firstUser,
  passwordReset,
  auditLog,
  securityOverview,
  coreRoutes,
  uploads,
  richTextReadOnlyBlocks,
  trashAndFolders,
  versionComparison,
  accountOverview,
  health,
  observability,
  // Last, so its sections come after every other field of the users collection.
  accountPage,
]
