import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Parallel builds (several maintainers' test runs on one machine) each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || '.next',
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
