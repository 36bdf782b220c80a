// The config of a `payload jobs:run` worker started by a test: the sandbox's, with the video plugin
// options the test runs its own Payload with (short leases, a frequent takeover check), passed as
// JSON in VIDEO_WORKER_OPTIONS, so the worker and the test agree on them.
import { sandboxConfig } from '../../dev/sandboxConfig.js'

export default sandboxConfig({
  videoOptions: JSON.parse(process.env.VIDEO_WORKER_OPTIONS ?? '{}'),
  withBackoffice: true,
})
