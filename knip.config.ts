import type { KnipConfig } from 'knip'

const config: KnipConfig = {
  entry: [
    // The package's exports. Payload's import map (dev/app/(payload)/admin/importMap.js) loads the
    // components named by path string in the config ('payload-backoffice/client#Name',
    // 'payload-backoffice/video/client#Name') through them.
    'src/index.ts',
    'src/exports/client.ts',
    'src/exports/rsc.ts',
    'src/exports/video.ts',
    'src/exports/videoClient.ts',
    // The dev app, its scripts, the tests, the benchmarks and the repository's scripts.
    'dev/payload.config.ts',
    'dev/app/**/*.{js,ts,tsx}',
    'dev/scripts/*.ts',
    'test/**/*.test.ts',
    'test/setup/*.ts',
    // Started as its own process by test/helpers/appServers.ts.
    'test/helpers/appServer.ts',
    // The config `payload jobs:run` workers started by tests load (test/helpers/jobsWorker.ts).
    'test/helpers/videoWorkerConfig.ts',
    'bench/*.ts',
    'scripts/*.{mjs,ts}',
  ],
  // The integrator app is a separate project: test/integratorApp/check.ts installs it with the
  // tarball and its own dependencies (@payloadcms/richtext-lexical, which the repository does not use).
  ignore: ['dev/payload-types.ts', 'test/integratorApp/app/**'],
  // A system tool, not a package: the browser tests' setup makes the demo OpenID provider's
  // certificate with it (test/setup/browserApp.ts).
  ignoreBinaries: ['openssl'],
  // A type exported beside the function or constant that uses it names part of that export's
  // signature: callers may need to spell it, and declaration files need it exported.
  ignoreExportsUsedInFile: { interface: true, type: true },
  project: [
    'src/**/*.{ts,tsx}',
    'dev/**/*.{js,ts,tsx}',
    'test/**/*.ts',
    'bench/**/*.ts',
    'scripts/**/*.{mjs,ts}',
  ],
}

export default config
