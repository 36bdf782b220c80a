import type { Config } from 'payload'

import type { Capability } from '../../shared/config/capability.js'

import { jsonLogger } from './jsonLogger.js'
import { backofficeErrorName, logThrownRefusal } from './logThrownRefusal.js'
import { metricsEndpoint } from './metricsEndpoint.js'

/**
 * Logs and metrics for operators: JSON logs in production (unless the app configured its own
 * `logger`, which is left alone), the plugin's refusals logged at info rather than as errors, and
 * `GET /api/metrics` when `metrics.token` is set (a 404, Payload's own, otherwise).
 */
export const observability: Capability = {
  name: 'observability',
  behaviour: (config, options) => ({
    ...config,
    endpoints: [
      ...(config.endpoints ?? []),
      ...(options.metrics.token ? [metricsEndpoint(options.metrics.token)] : []),
    ],
    hooks: { ...config.hooks, afterError: [...(config.hooks?.afterError ?? []), logThrownRefusal] },
    logger:
      config.logger === undefined && process.env.NODE_ENV === 'production'
        ? jsonLogger()
        : config.logger,
    // The app's own levels win; see logThrownRefusal for what the plugin does with its errors.
    loggingLevels: {
      [backofficeErrorName]: false,
      ...config.loggingLevels,
    } as Config['loggingLevels'],
  }),
}
