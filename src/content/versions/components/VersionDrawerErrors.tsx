'use client'

import type { ServerFunctionsContextType } from '@payloadcms/ui'

import { ServerFunctionsContext, useServerFunctions } from '@payloadcms/ui'
import React, { useMemo } from 'react'

type RenderDocumentArgs = Parameters<ServerFunctionsContextType['renderDocument']>[0]

/** The one caller of `renderDocument` that asks for the version drawer's date cells. */
const isVersionDrawer = (args: RenderDocumentArgs): boolean =>
  Boolean(
    (args as { versions?: { useVersionDrawerCreatedAtCell?: boolean } })?.versions
      ?.useVersionDrawerCreatedAtCell,
  )

/**
 * Lets the version comparison's "More versions" drawer report a failure. Payload 3.90's
 * `renderDocument` catches every error and returns nothing, so the drawer's own handler (an error
 * toast, then closing) never runs and the drawer keeps loading forever, e.g. when the session ended
 * in another tab. For the drawer's calls only, failures are passed on as errors. Next hides server
 * errors' messages in production; those become an error without a message, so the toast shows
 * Payload's translated "unspecified error" text instead of Next's English explanation.
 */
export const VersionDrawerErrors = ({ children }: { children: React.ReactNode }) => {
  const context = useServerFunctions()
  const value = useMemo<ServerFunctionsContextType>(() => {
    const renderDocument: ServerFunctionsContextType['renderDocument'] = async (args) => {
      if (!isVersionDrawer(args)) {
        return context.renderDocument(args)
      }
      const { signal: _signal, ...rest } = args as RenderDocumentArgs & { signal?: AbortSignal }
      let result: Awaited<ReturnType<ServerFunctionsContextType['renderDocument']>> | undefined
      try {
        result = (await context.serverFunction({
          name: 'render-document',
          args: { fallbackLocale: false, ...rest },
        })) as typeof result
      } catch (error) {
        const hidden = process.env.NODE_ENV === 'production' || !(error instanceof Error)
        throw new Error(hidden ? '' : error.message)
      }
      if (!result?.Document) {
        throw new Error('')
      }
      return result
    }
    return { ...context, renderDocument }
  }, [context])
  return <ServerFunctionsContext value={value}>{children}</ServerFunctionsContext>
}
