import type { Config } from 'payload'

type AdminComponents = NonNullable<NonNullable<Config['admin']>['components']>
type AdminViews = NonNullable<AdminComponents['views']>

const withAdminComponents = (
  config: Config,
  change: (components: AdminComponents) => AdminComponents,
): Config => ({
  ...config,
  admin: { ...config.admin, components: change(config.admin?.components ?? {}) },
})

/**
 * The config with these admin views in place of Payload's own under the same keys (login, forgot,
 * reset, createFirstUser): the plugin's views win over what the app set there.
 */
export const replaceAdminViews = (config: Config, views: AdminViews): Config =>
  withAdminComponents(config, (components) => ({
    ...components,
    views: { ...components.views, ...views },
  }))

/** The config with new admin pages of the plugin's; an app's own view under the same key wins. */
export const addAdminViews = (config: Config, views: AdminViews): Config =>
  withAdminComponents(config, (components) => ({
    ...components,
    views: { ...views, ...components.views },
  }))

/** The config with a client provider added around the admin, after the app's own. */
export const addAdminProvider = (config: Config, provider: string): Config =>
  withAdminComponents(config, (components) => ({
    ...components,
    providers: [...(components.providers ?? []), provider],
  }))

/** The config with a server component shown above the dashboard's cards, after the app's own. */
export const addBeforeDashboard = (config: Config, component: string): Config =>
  withAdminComponents(config, (components) => ({
    ...components,
    beforeDashboard: [...(components.beforeDashboard ?? []), component],
  }))
