import type { Capability } from './capability.js'

import { auditLog } from './audit/index.js'
import { emails } from './email/index.js'
import { lockout } from './lockout/index.js'
import { loginView } from './login/index.js'
import { passwords } from './passwords/index.js'
import { sessions } from './sessions/index.js'

/**
 * Every capability of the plugin, in the order they extend the config. Adding one is one line here
 * and a folder of its own under src/.
 */
export const capabilities: Capability[] = [emails, lockout, loginView, sessions, passwords, auditLog]
