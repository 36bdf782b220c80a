// The sandbox: Payload's admin with the plugin, as an integrator would add it (see sandboxConfig.ts),
// in the variant its environment asks for (configFromEnvironment.ts).
import { configFromEnvironment } from './configFromEnvironment.js'

export default configFromEnvironment()
