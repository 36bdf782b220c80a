import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Parallel builds (several maintainers' test runs on one machine) each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Pages reached with a token in their address keep it out of the Referer of what they load.
  async headers() {
    const referrerPolicy = [{ key: 'Referrer-Policy', value: 'strict-origin' }]
    return [
      { headers: referrerPolicy, source: '/admin/accept-invitation' },
      // The reset view (`?token=`), and Payload's own one, which takes the token in the path.
      { headers: referrerPolicy, source: '/admin/reset' },
      { headers: referrerPolicy, source: '/admin/reset/:token' },
    ]
  },
  // The sandbox has no public site: its root opens the admin.
  async redirects() {
    return [{ destination: '/admin', permanent: false, source: '/' }]
  },
  webpack: (webpackConfig) => {
    // Sources import each other with `.js` extensions (NodeNext); map them back to the TypeScript files.
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
