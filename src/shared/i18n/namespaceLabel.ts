/**
 * Labels that Payload translates into the admin's language from one of the package's namespaces:
 * `namespaceLabel('video')('videoFieldTitle')` reads `t('video:videoFieldTitle')`.
 */
export const namespaceLabel =
  <Key extends string>(namespace: string) =>
  (key: Key) =>
  ({ t }: { t: (key: never) => string }): string =>
    (t as unknown as (key: string) => string)(`${namespace}:${key}`)
