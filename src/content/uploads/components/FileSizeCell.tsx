'use client'

import type { DefaultCellComponentProps } from 'payload'

import { formatFilesize } from 'payload/shared'
import React from 'react'

/**
 * The list view's file-size column in bytes, KB, MB, GB or larger, as the document view shows it
 * (Payload 3.90's list prints the raw number of bytes, e.g. 5368709120).
 */
export const FileSizeCell = ({ cellData }: DefaultCellComponentProps) =>
  typeof cellData === 'number' ? (
    <span className="file-size-cell">{formatFilesize(cellData)}</span>
  ) : null
