import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The plugin's reset and invitation pages carry a token in their address (README, "Before you start").
  async headers() {
    const referrerPolicy = [{ key: 'Referrer-Policy', value: 'strict-origin' }]
    return [
      { headers: referrerPolicy, source: '/admin/reset' },
      { headers: referrerPolicy, source: '/admin/reset/:token' },
      { headers: referrerPolicy, source: '/admin/accept-invitation' },
    ]
  },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
