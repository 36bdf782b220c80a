import type { Locator } from 'playwright-core'

/**
 * For each element of `elements` whose text ends in a full stop, whether the browser draws that full
 * stop after the letter before it in the text's own direction: to its right for a left-to-right
 * text. An English sentence laid out right to left without its own direction shows the full stop at
 * the start of the line, to the left of its first word (Unicode UAX #9: a neutral at the paragraph's
 * end takes the paragraph's direction).
 */
export const fullStops = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      let last: null | Text = null
      while (walker.nextNode()) {
        if ((walker.currentNode.textContent ?? '').replace(/[\u2066-\u2069\s]/g, '')) {
          last = walker.currentNode as Text
        }
      }
      const text = (last?.textContent ?? '').replace(/[\u2066-\u2069\s]+$/g, '')
      const at = text.length - 1
      // Only sentences written left to right whose stop follows a letter in the same text node.
      if (!last || !text.endsWith('.') || at < 1 || !/[A-Za-z)]/.test(text[at - 1]!)) {
        return []
      }
      const offset = (last.textContent ?? '').lastIndexOf('.')
      const rect = (start: number) => {
        const range = document.createRange()
        range.setStart(last, start)
        range.setEnd(last, start + 1)
        return range.getBoundingClientRect()
      }
      const stop = rect(offset)
      const before = rect(offset - 1)
      return [
        {
          // Drawn on the same line, to the right of the letter it follows.
          atEnd: Math.abs(stop.top - before.top) < 2 && stop.left >= before.left,
          text: (node.textContent ?? '').trim().slice(0, 80),
        },
      ]
    }),
  )
