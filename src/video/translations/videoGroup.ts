import type { Config } from 'payload'

import { namespaceGroup } from '../../shared/i18n/namespaceGroup.js'
import { en } from './en.js'
import { videoTranslationNamespace } from './index.js'

/** The admin group of the video collections ("Videos"), in every language the config has texts for. */
export const videoGroup = (config: Config): Record<string, string> =>
  namespaceGroup(config, videoTranslationNamespace, 'videoGroup', en.videoGroup)
