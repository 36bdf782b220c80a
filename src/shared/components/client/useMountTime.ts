'use client'

import { useState } from 'react'

/**
 * The time the component first rendered, fixed for its life: what a list cell compares a stored time
 * with ("is this lock still ahead?"). Rendering stays pure; the list is rendered again, with a new
 * time, whenever it is reloaded or filtered.
 */
export const useMountTime = (): number => useState(() => Date.now())[0]
