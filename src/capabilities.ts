import type { Capability } from './shared/config/capability.js'

import { accountOverview } from './adminViews/accountOverview/index.js'
import { accountPage } from './adminViews/accountPage/index.js'
import { securityOverview } from './adminViews/securityOverview/index.js'
import { richTextReadOnlyBlocks } from './content/richtext/readOnlyBlocks.js'
import { trashAndFolders } from './content/trashAndFolders/index.js'
import { uploads } from './content/uploads/index.js'
import { versionComparison } from './content/versions/index.js'
import { changePassword } from './flows/changePassword/index.js'
import { firstUser } from './flows/firstUser/index.js'
import { invitations } from './flows/invitations/index.js'
import { passwordReset } from './flows/passwordReset/index.js'
import { recoveryReview } from './flows/recoveryReview/index.js'
import { sso } from './flows/sso/index.js'
import { coreRoutes } from './operations/coreRoutes/index.js'
import { health } from './operations/health/index.js'
import { observability } from './operations/observability/index.js'
import { apiKeys } from './policies/apiKeys/index.js'
import { lockout } from './policies/lockout/index.js'
import { newBrowserNotice } from './policies/newBrowserNotice/index.js'
import { passwordPolicy } from './policies/passwordPolicy/index.js'
import { passwords } from './policies/passwords/index.js'
import { sessions } from './policies/sessions/index.js'
import { sudo } from './policies/sudo/index.js'
import { suspension } from './policies/suspension/index.js'
import { twoFactor } from './policies/twoFactor/index.js'
import { accounts } from './shared/accounts/index.js'
import { auditLog } from './shared/audit/index.js'
import { emails } from './shared/email/index.js'
import { roles } from './shared/roles/index.js'
import { sealedState } from './shared/sealedState/index.js'
import { signIn } from './signIn/index.js'

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
