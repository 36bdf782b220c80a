/**
 * Where a video's files are served: `{base}/videos/{id}/{file}`, with `base` the app's server URL,
 * API route and the plugin's mount (`https://cms.example.com/api/video`). The stored URLs never carry
 * a token; the field's `dataUrl` is the master playlist's URL with what follows the id replaced by
 * `data.json`, which this layout serves.
 */
export const videoFileUrl = (base: string, videoId: number | string, file: string): string =>
  `${base}/videos/${encodeURIComponent(String(videoId))}/${file}`

export const videoUrlsOf = (base: string, videoId: number | string) => ({
  data: videoFileUrl(base, videoId, 'data.json'),
  master: videoFileUrl(base, videoId, 'master.m3u8'),
  poster: videoFileUrl(base, videoId, 'poster.jpg'),
  preview: videoFileUrl(base, videoId, 'preview.mp4'),
})
