/**
 * The browser and system that registered a passkey (`Chrome · macOS`): its default name, and what
 * the list shows as "made on" when the owner has renamed it. Empty when neither is known.
 */
export const passkeyDevice = ({ browser, os }: { browser?: null | string; os?: null | string }) =>
  [browser, os].filter(Boolean).join(' · ')
