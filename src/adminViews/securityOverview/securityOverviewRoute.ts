/** The overview's page, under the admin route. */
export const securityOverviewRoute = '/security'
