// The sandbox: Payload's admin with the plugin, as an integrator would add it (see sandboxConfig.ts).
import { sandboxConfig } from './sandboxConfig.js'

export default sandboxConfig({ withBackoffice: true })
