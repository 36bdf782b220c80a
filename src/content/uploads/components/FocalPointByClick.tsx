'use client'

import React, { useEffect } from 'react'

/** Further than this between press and release, the pointer dragged (a crop or the point itself). */
const CLICK_TOLERANCE_PX = 5

const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value)))

/** Types a value into a React-controlled input the way a keyboard would, so its onChange runs. */
const typeInto = (input: HTMLInputElement | null, value: number) => {
  if (!input) {
    return
  }
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
    input,
    String(value),
  )
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Clicking the picture in Payload's "Edit image" drawer sets the focal point there, where
 * editors expect it. Payload 3.90 only lets editors drag the point or type its X % and Y %; this fills those two
 * inputs from the click, so Payload's own state, preview and "Apply changes" do the rest, and the
 * point is stored as two percentages of the width and height.
 */
export const FocalPointByClick = ({ children }: { children?: React.ReactNode }) => {
  useEffect(() => {
    let pressedAt: { x: number; y: number } | null = null
    const onPointerDown = (event: PointerEvent) => {
      pressedAt = { x: event.clientX, y: event.clientY }
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null
      const wrapper = target?.closest<HTMLElement>('.edit-upload__focal-wrapper')
      const drawer = wrapper?.closest('.edit-upload')
      if (
        !wrapper ||
        !drawer ||
        target?.closest('.edit-upload__focalPoint, .ReactCrop__drag-handle')
      ) {
        return
      }
      if (
        pressedAt &&
        Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > CLICK_TOLERANCE_PX
      ) {
        return
      }
      const box = wrapper.getBoundingClientRect()
      const x = clampPercent(((event.clientX - box.left) / box.width) * 100)
      const y = clampPercent(((event.clientY - box.top) / box.height) * 100)
      // After the crop tool has handled the same press (it re-checks the point's bounds on release).
      requestAnimationFrame(() => {
        typeInto(drawer.querySelector<HTMLInputElement>('input[name="X %"]'), x)
        typeInto(drawer.querySelector<HTMLInputElement>('input[name="Y %"]'), y)
      })
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('click', onClick, true)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('click', onClick, true)
    }
  }, [])
  return <>{children}</>
}
