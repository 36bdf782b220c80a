import sharp from 'sharp'

type Palette = { accent: string; from: string; to: string }

export const palettes = {
  dawn: { accent: '#fff3b0', from: '#ff7e5f', to: '#feb47b' },
  forest: { accent: '#d8f3dc', from: '#1b4332', to: '#52b788' },
  ocean: { accent: '#caf0f8', from: '#03045e', to: '#00b4d8' },
} satisfies Record<string, Palette>

/**
 * A landscape picture drawn from shapes (no text, so no fonts needed), rendered to PNG with sharp:
 * the seed works offline and needs no image files in the repository.
 */
export const drawLandscape = async (
  palette: Palette,
  width = 1600,
  height = 1000,
): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.3}" cy="${height * 0.35}" r="${height * 0.12}" fill="${palette.accent}" opacity="0.9"/>
  <path d="M0 ${height * 0.75} L${width * 0.25} ${height * 0.5} L${width * 0.45} ${height * 0.7} L${width * 0.7} ${height * 0.42} L${width} ${height * 0.72} L${width} ${height} L0 ${height} Z" fill="${palette.from}" opacity="0.85"/>
  <path d="M0 ${height * 0.88} Q${width * 0.5} ${height * 0.78} ${width} ${height * 0.9} L${width} ${height} L0 ${height} Z" fill="#000" opacity="0.25"/>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
