'use client'

import { type ComponentType, createElement, lazy } from 'react'

/**
 * A component whose code is fetched the first time it renders (React `lazy`, as Payload's own date
 * picker and code editor load), for the admin's pages to carry only the components they show.
 * It is wrapped in a plain function component because Next hands client components to React inside
 * a `lazy` of its own until their chunk has arrived, and React cannot render a lazy that resolves
 * to another lazy.
 */
export const lazyComponent = <Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> => {
  const Lazy = lazy(async () => ({ default: await load() }))
  const LazyComponent = (props: Props) => createElement(Lazy as ComponentType<Props>, props)
  return LazyComponent
}
