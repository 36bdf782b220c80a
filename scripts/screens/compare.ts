/**
 * Compares two folders of screenshots (two runs of `npm run screens`, before and after a change):
 *
 *   tsx scripts/screens/compare.ts <beforeDir> <afterDir> [diffDir]
 *
 * For every PNG in both folders under the same name it counts the pixels of which any RGBA channel
 * differs by more than 24 (anti-aliasing and font hinting move a channel by a few steps; a changed
 * colour, border or position moves it by far more), prints one line per pair (name, size, changed
 * pixels, percent), and, with diffDir, writes a picture of each pair with changes there: the changed
 * pixels red over a faded copy of the "after" screen. It names the files found in one folder only
 * and the pairs whose sizes differ (not compared pixel by pixel). It always exits 0: it informs, a
 * person judges. PNGs are read and written with sharp, already a dependency of the sandbox.
 */
import { mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

/** A channel moving by more than this counts the pixel as changed. */
const threshold = 24

interface Picture {
  data: Buffer
  height: number
  width: number
}

const readPicture = async (file: string): Promise<Picture> => {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, height: info.height, width: info.width }
}

const pngsIn = (dir: string): Set<string> =>
  new Set(
    readdirSync(dir)
      .filter((name) => name.toLowerCase().endsWith('.png'))
      .sort(),
  )

/** The pixels that changed, and a picture of them (red over the faded "after"), if any did. */
const comparePictures = (before: Picture, after: Picture) => {
  const diff = Buffer.alloc(after.data.length)
  let changed = 0
  for (let offset = 0; offset < after.data.length; offset += 4) {
    let differs = false
    for (let channel = 0; channel < 4; channel++) {
      if (Math.abs(before.data[offset + channel]! - after.data[offset + channel]!) > threshold) {
        differs = true
        break
      }
    }
    if (differs) {
      changed++
      diff[offset] = 255
      diff[offset + 1] = 0
      diff[offset + 2] = 0
    } else {
      // The "after" screen in grey, faded towards white, so the red stands out where it sits.
      const grey =
        0.299 * after.data[offset]! +
        0.587 * after.data[offset + 1]! +
        0.114 * after.data[offset + 2]!
      const faded = Math.round(255 - (255 - grey) * 0.25)
      diff[offset] = faded
      diff[offset + 1] = faded
      diff[offset + 2] = faded
    }
    diff[offset + 3] = 255
  }
  return { changed, diff }
}

const main = async () => {
  const [beforeDir, afterDir, diffDir] = process.argv.slice(2)
  if (!beforeDir || !afterDir) {
    console.error('Usage: tsx scripts/screens/compare.ts <beforeDir> <afterDir> [diffDir]')
    return
  }
  const before = pngsIn(beforeDir)
  const after = pngsIn(afterDir)
  const both = [...before].filter((name) => after.has(name))
  const onlyBefore = [...before].filter((name) => !after.has(name))
  const onlyAfter = [...after].filter((name) => !before.has(name))
  if (diffDir) {
    mkdirSync(diffDir, { recursive: true })
  }

  const nameWidth = Math.max(4, ...both.map((name) => name.length))
  let withChanges = 0
  const otherSizes: string[] = []
  console.log(`Comparing ${beforeDir} (before) with ${afterDir} (after), threshold ${threshold}`)
  for (const name of both) {
    const [first, second] = await Promise.all([
      readPicture(path.join(beforeDir, name)),
      readPicture(path.join(afterDir, name)),
    ])
    if (first.width !== second.width || first.height !== second.height) {
      const sizes = `${first.width}x${first.height} -> ${second.width}x${second.height}`
      otherSizes.push(`${name}: ${sizes}`)
      console.log(`${name.padEnd(nameWidth)}  ${sizes.padEnd(11)}  different sizes, not compared`)
      continue
    }
    const { changed, diff } = comparePictures(first, second)
    const percent = (changed / (second.width * second.height)) * 100
    console.log(
      `${name.padEnd(nameWidth)}  ${`${second.width}x${second.height}`.padEnd(11)}  ${String(changed).padStart(8)} px changed  ${percent.toFixed(3).padStart(7)} %`,
    )
    if (changed > 0) {
      withChanges++
      if (diffDir) {
        await sharp(diff, { raw: { channels: 4, height: second.height, width: second.width } })
          .png()
          .toFile(path.join(diffDir, name))
      }
    }
  }

  console.log('')
  console.log(
    `${both.length} pairs: ${withChanges} with changed pixels, ${both.length - withChanges - otherSizes.length} identical, ${otherSizes.length} of different sizes`,
  )
  if (otherSizes.length) {
    console.log(`Different sizes:\n  ${otherSizes.join('\n  ')}`)
  }
  if (onlyBefore.length) {
    console.log(`Missing after (only in ${beforeDir}):\n  ${onlyBefore.join('\n  ')}`)
  }
  if (onlyAfter.length) {
    console.log(`Extra after (only in ${afterDir}):\n  ${onlyAfter.join('\n  ')}`)
  }
  if (diffDir && withChanges) {
    console.log(`Diff pictures of the ${withChanges} pairs with changes: ${diffDir}`)
  }
}

await main()
