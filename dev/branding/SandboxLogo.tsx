/**
 * The sandbox's logo (`admin.components.graphics.Logo`), as an integrator brands their admin:
 * Payload draws it on its sign-in page, and the plugin on its sign-in, first-user and second-factor
 * pages.
 */
export const SandboxLogo = () => (
  <span
    className="sandbox-logo"
    style={{
      alignItems: 'center',
      display: 'inline-flex',
      fontSize: '1.75rem',
      fontWeight: 600,
      gap: '0.5rem',
    }}
  >
    <svg aria-hidden="true" height="32" viewBox="0 0 32 32" width="32">
      <rect fill="currentColor" height="32" rx="7" width="32" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="var(--theme-bg, #fff)"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="3"
      />
    </svg>
    Backoffice
  </span>
)
