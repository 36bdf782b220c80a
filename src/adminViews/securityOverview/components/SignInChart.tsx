'use client'

import type uPlot from 'uplot'

import { useEffect, useRef, useState } from 'react'

import type { SignInMethod, SignInOutcome } from '../signInMethods.js'

import './SignInChart.css'

type Series = {
  label: string
  method: SignInMethod
  outcome: SignInOutcome
  values: number[]
}

type Props = {
  /** Start of each day, UTC midnight, in milliseconds. */
  days: number[]
  language: string
  series: Series[]
  /** What the chart shows, for screen readers (the table after it holds the numbers). */
  summary: string
}

// One colour per method, each at least 3:1 against Payload's light and dark backgrounds (WCAG 1.4.11);
// succeeded segments are solid, refused ones hatched, so colour is never the only difference
// (WCAG 1.4.1).
const colours: Record<SignInMethod, string> = {
  passkey: '#0f9488',
  password: '#3b6fd8',
  sso: '#a24ed6',
}

const DAY_S = 24 * 60 * 60

/** Diagonal stripes of `colour` on a pale wash of it: the fill of a refused segment. */
const hatch = (colour: string): CanvasPattern | string => {
  const tile = document.createElement('canvas')
  tile.width = tile.height = 8
  const context = tile.getContext('2d')
  if (!context) {
    return colour
  }
  context.fillStyle = `${colour}40`
  context.fillRect(0, 0, 8, 8)
  context.strokeStyle = colour
  context.lineWidth = 2
  context.beginPath()
  context.moveTo(-2, 10)
  context.lineTo(10, -2)
  context.moveTo(6, 10)
  context.lineTo(10, 6)
  context.moveTo(-2, 2)
  context.lineTo(2, -2)
  context.stroke()
  return context.createPattern(tile, 'repeat') ?? colour
}

/**
 * The days that get a label: every `step`th counted back from the last, so today's is always named
 * (a time axis left to itself labels round dates and can leave the last day, today, unnamed).
 */
const labelledDays = (days: number[], width: number): number[] => {
  const step = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(width / 64))))
  return days.filter((_, index) => (days.length - 1 - index) % step === 0)
}

// The plot's height in pixels; SignInChart.css gives its box the same minimum height.
const height = 280

/**
 * The sign-ins chart: a bar per day, stacked by method, succeeded below refused. uPlot (about 22 kB gzipped) is imported when the chart mounts, so only this
 * page loads it: the import map lists this component, not uPlot. Hovering a day shows its numbers in
 * the legend; the chart itself is one image to assistive technology, described by `summary`.
 */
export const SignInChart = ({ days, language, series, summary }: Props) => {
  const container = useRef<HTMLDivElement>(null)
  const [hovered, setHovered] = useState<null | number>(null)
  const numbers = new Intl.NumberFormat(language)
  const dayFormat = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

  useEffect(() => {
    const element = container.current
    if (!element) {
      return
    }
    let plot: null | uPlot = null
    let cancelled = false
    let observer: null | ResizeObserver = null
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) {
        return
      }
      const text = getComputedStyle(element).color
      const grid = { stroke: 'rgba(128, 128, 128, 0.2)', width: 1 }
      const axisFont = `12px ${getComputedStyle(element).fontFamily}`
      // Stacked bars: succeeded segments at the bottom, refused ones above. uPlot draws each series
      // from zero, so each is given its running total and they are drawn tallest first, each
      // covering the part of the one before that belongs to the segments below it.
      // A day without sign-ins gets no bar (null), not a flat one on the axis.
      const stacked = series.map((_, index) =>
        days.map((__, day) => {
          const total = series
            .slice(0, index + 1)
            .reduce((sum, line) => sum + (line.values[day] ?? 0), 0)
          return total > 0 ? total : null
        }),
      )
      const drawOrder = series.map((_, index) => index).reverse()
      const bars = UPlot.paths.bars!({ size: [0.7, 48] })
      const seconds = days.map((day) => day / 1000)
      const options: uPlot.Options = {
        axes: [
          {
            font: axisFont,
            grid: { show: false },
            splits: (self) => labelledDays(seconds, self.width),
            stroke: text,
            ticks: grid,
            values: (_plot, splits) =>
              splits.map((split) => dayFormat.format(new Date(split * 1000))),
          },
          {
            font: axisFont,
            grid,
            stroke: text,
            ticks: grid,
            // Counts: whole numbers only.
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000],
            values: (_plot, splits) => splits.map((split) => numbers.format(split)),
          },
        ],
        cursor: { drag: { x: false, y: false }, points: { show: false } },
        height,
        hooks: { setCursor: [(self) => setHovered(self.cursor.idx ?? null)] },
        legend: { show: false },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: {
            range: () => [seconds[0]! - DAY_S / 2, seconds[seconds.length - 1]! + DAY_S / 2],
            time: true,
          },
          y: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        series: [
          {},
          ...drawOrder.map((index) => {
            const { label, method, outcome } = series[index]!
            return {
              fill: outcome === 'refused' ? hatch(colours[method]) : colours[method],
              label,
              paths: bars,
              points: { show: false },
              stroke: colours[method],
              width: 1,
            }
          }),
        ],
        tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        width: Math.max(element.clientWidth, 280),
      }
      plot = new UPlot(options, [seconds, ...drawOrder.map((index) => stacked[index]!)], element)
      observer = new ResizeObserver(() => {
        plot?.setSize({ height, width: Math.max(element.clientWidth, 280) })
      })
      observer.observe(element)
    })
    return () => {
      cancelled = true
      observer?.disconnect()
      plot?.destroy()
    }
    // The data and texts come from the server once per page: drawn again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, series, language])

  return (
    <figure className="backoffice-chart">
      <div
        aria-label={summary}
        className="backoffice-chart__plot"
        dir="ltr"
        ref={container}
        role="img"
      />
      <figcaption aria-hidden="true">
        {hovered !== null && days[hovered] !== undefined ? (
          <strong>
            <bdi>{dayFormat.format(new Date(days[hovered]))}</bdi>
          </strong>
        ) : null}
        <ul className="backoffice-chart__legend">
          {series.map((line) => (
            <li className="backoffice-chart__legend-item" key={`${line.outcome}-${line.method}`}>
              <svg aria-hidden="true" height="14" width="14">
                {line.outcome === 'refused' ? (
                  <>
                    <defs>
                      <pattern
                        height="6"
                        id={`backoffice-hatch-${line.method}`}
                        patternTransform="rotate(45)"
                        patternUnits="userSpaceOnUse"
                        width="6"
                      >
                        <line stroke={colours[line.method]} strokeWidth="3" y2="6" />
                      </pattern>
                    </defs>
                    <rect fill={`${colours[line.method]}40`} height="14" width="14" />
                    <rect
                      fill={`url(#backoffice-hatch-${line.method})`}
                      height="14"
                      stroke={colours[line.method]}
                      width="14"
                    />
                  </>
                ) : (
                  <rect fill={colours[line.method]} height="14" width="14" />
                )}
              </svg>
              <bdi>
                {line.label}
                {hovered !== null && line.values[hovered] !== undefined
                  ? `: ${numbers.format(line.values[hovered])}`
                  : ''}
              </bdi>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}
