// hls.js ships its light build (no subtitles, no DRM, no alternate audio: none of which the plugin
// makes) as `hls.js/light` without types of its own; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js'
  export { default } from 'hls.js'
}
