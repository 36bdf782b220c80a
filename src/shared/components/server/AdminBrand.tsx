import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

import { Logo } from '@payloadcms/next/rsc'
import { RenderServerComponent } from '@payloadcms/ui/elements/RenderServerComponent'

import './AdminBrand.css'

type BrandProps = Pick<AdminViewServerProps, 'initPageResult' | 'params' | 'searchParams'>

/** What Payload hands the app's login components: the same props its own login view passes. */
const serverPropsOf = ({ initPageResult, params, searchParams }: BrandProps) => {
  const { locale, permissions, req } = initPageResult
  return {
    i18n: req.i18n,
    locale,
    params,
    payload: req.payload,
    permissions,
    searchParams,
    user: req.user ?? undefined,
  }
}

/**
 * The app's logo (`admin.components.graphics.Logo`, Payload's own without one) above a page of the
 * sign-in, where Payload's login view draws it (`login__brand`,
 * https://github.com/payloadcms/payload/blob/v3.90.1/packages/next/src/views/Login/index.tsx), so
 * the plugin's sign-in, first-user and second-factor pages keep the app's branding.
 */
export const AdminLogo = (props: BrandProps) => (
  <div className="login__brand">
    <Logo {...serverPropsOf(props)} />
  </div>
)

/**
 * The sign-in page's frame as Payload's login view draws it: the logo, the app's `beforeLogin`
 * components, the form, the app's `afterLogin` components.
 */
export const SignInFrame = ({ children, ...props }: { children: ReactNode } & BrandProps) => {
  const { payload } = props.initPageResult.req
  const { afterLogin, beforeLogin } = payload.config.admin.components ?? {}
  const serverProps = serverPropsOf(props)
  const before = RenderServerComponent({
    Component: beforeLogin,
    importMap: payload.importMap,
    serverProps,
  })
  const after = RenderServerComponent({
    Component: afterLogin,
    importMap: payload.importMap,
    serverProps,
  })
  return (
    <>
      <AdminLogo {...props} />
      {before ? <div className="backoffice-sign-in-frame__column">{before}</div> : null}
      {children}
      {after ? <div className="backoffice-sign-in-frame__column">{after}</div> : null}
    </>
  )
}
