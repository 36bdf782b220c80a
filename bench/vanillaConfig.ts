/**
 * The sandbox without `backofficePlugin`: the vanilla Payload the login benchmark compares against.
 * Built by the same function as dev/payload.config.ts, so the plugin is the only difference.
 */
import { sandboxConfig } from '../dev/sandboxConfig.js'

export default sandboxConfig({ withBackoffice: false })
