import UAParser from 'ua-parser-js'

export type DeviceDescription = {
  /** Browser name and major version, e.g. "Chrome 126". */
  browser: null | string
  /** 'mobile', 'tablet', … as ua-parser-js names them; null for a desktop or unknown device. */
  deviceType: null | string
  /** Operating system name and version, e.g. "Windows 10" or "macOS 14.5". */
  os: null | string
}

const join = (name: string | undefined, version: string | undefined): null | string =>
  name ? [name, version].filter(Boolean).join(' ') : null

/**
 * What a person recognises their device by, read from its User-Agent header. The header is the
 * client's own claim: shown to help people spot a session they do not know, never trusted for a
 * security decision.
 */
export const describeUserAgent = (userAgent: null | string): DeviceDescription => {
  if (!userAgent) {
    return { browser: null, deviceType: null, os: null }
  }
  const { browser, device, os } = new UAParser(userAgent).getResult()
  return {
    browser: join(browser.name, browser.major),
    deviceType: device.type ?? null,
    os: join(os.name, os.version),
  }
}
