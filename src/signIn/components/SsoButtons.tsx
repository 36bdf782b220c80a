'use client'

import type { ReactNode } from 'react'

import { useState } from 'react'

import { useBackofficeTranslation } from '../../shared/components/client/useBackofficeTranslation.js'
import './SsoButtons.css'

export type SsoButton = {
  href: string
  icon: null | string
  id: string
  kind: 'google' | 'msft-entra' | 'oidc'
  label: string
}

/** The provider's mark; decorative, since the button's text names the provider. */
const ProviderIcon = ({ icon, kind }: Pick<SsoButton, 'icon' | 'kind'>) => {
  if (icon) {
    return <img alt="" className="backoffice-sso-buttons__icon" src={icon} />
  }
  if (kind === 'google') {
    return (
      <svg
        aria-hidden="true"
        className="backoffice-sso-buttons__icon"
        focusable="false"
        viewBox="0 0 48 48"
      >
        <path
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          fill="#FFC107"
        />
        <path
          d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          fill="#FF3D00"
        />
        <path
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          fill="#4CAF50"
        />
        <path
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
          fill="#1976D2"
        />
      </svg>
    )
  }
  if (kind === 'msft-entra') {
    return (
      <svg
        aria-hidden="true"
        className="backoffice-sso-buttons__icon"
        focusable="false"
        viewBox="0 0 21 21"
      >
        <path d="M1 1h9v9H1z" fill="#f25022" />
        <path d="M11 1h9v9h-9z" fill="#7fba00" />
        <path d="M1 11h9v9H1z" fill="#00a4ef" />
        <path d="M11 11h9v9h-9z" fill="#ffb900" />
      </svg>
    )
  }
  return (
    <svg
      aria-hidden="true"
      className="backoffice-sso-buttons__icon"
      focusable="false"
      viewBox="0 0 24 24"
    >
      <path
        d="M14 4a6 6 0 0 0-5.7 7.9L3 17.2V21h3.8v-2h2v-2h2l1.3-1.3A6 6 0 1 0 14 4zm2 6a2 2 0 1 1 0-4 2 2 0 0 1 0 4z"
        fill="currentColor"
      />
    </svg>
  )
}

/**
 * The single sign-on part of the login page: an "or" divider, one "Sign in with {provider}"
 * button per provider (a plain link: the sign-in is a browser navigation to the provider and back),
 * and a footnote that each account has one sign-in method. A pressed button says so and the others
 * wait, so a second click cannot start a second sign-in.
 */
export const SsoButtons = ({
  passkey = null,
  providers,
}: {
  /** "Sign in with a passkey", first under the divider, when password-less sign-in is on. */
  passkey?: ReactNode
  providers: SsoButton[]
}) => {
  const t = useBackofficeTranslation()
  const [opening, setOpening] = useState<null | string>(null)
  if (providers.length === 0 && !passkey) {
    return null
  }
  return (
    <section aria-labelledby="sso-divider" className="backoffice-sso-buttons">
      <div className="backoffice-sso-buttons__divider" id="sso-divider">
        <span aria-hidden="true" className="backoffice-sso-buttons__line" />
        <span dir="auto">{t('loginOr')}</span>
        <span aria-hidden="true" className="backoffice-sso-buttons__line" />
      </div>
      <ul className="backoffice-sso-buttons__list">
        {passkey && <li>{passkey}</li>}
        {providers.map((provider) => (
          <li key={provider.id}>
            <a
              aria-busy={opening === provider.id}
              aria-disabled={opening !== null}
              className="btn btn--style-secondary btn--size-large backoffice-sso-buttons__button"
              href={provider.href}
              onClick={(event) => {
                if (opening !== null) {
                  event.preventDefault()
                  return
                }
                setOpening(provider.id)
              }}
            >
              <ProviderIcon icon={provider.icon} kind={provider.kind} />
              <span dir="auto">
                {opening === provider.id
                  ? t('loginWithProviderStarting', { provider: provider.label })
                  : t('loginWithProvider', { provider: provider.label })}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {providers.length > 0 && (
        <p className="backoffice-sso-buttons__footnote" dir="auto">
          {t('loginSsoFootnote')}
        </p>
      )}
    </section>
  )
}
