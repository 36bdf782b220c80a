// The sandbox: Payload's admin with the plugin, as an integrator would add it (see sandboxConfig.ts).
import { sandboxConfig } from './sandboxConfig.js'

// `npm run bench:bundle` builds this same app once more without the plugin, to measure what it adds.
export default sandboxConfig({ withBackoffice: process.env.SANDBOX_WITHOUT_BACKOFFICE !== '1' })
