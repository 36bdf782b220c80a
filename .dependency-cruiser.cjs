/** @type {import('dependency-cruiser').IConfiguration} */
// The direction between src/'s folders (layers, capabilities, their subfolders) is checked by
// scripts/folderGraph/check.ts on the graph dependency-cruiser builds from this file.
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Files that import each other cannot be read, tested or moved one at a time, and their load ' +
        'order decides which of them sees the other half-initialised.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-pure',
      comment:
        'src/shared/lib/ and src/video/lib/ hold plain logic (Retry-After seconds, token hashing, the ffmpeg ' +
        'ladder) that is unit-tested without ' +
        'Payload, Next or React and can be reused anywhere.',
      severity: 'error',
      from: { path: '^src/(shared|video)/lib/' },
      to: { path: '(^|node_modules/)(payload|@payloadcms/[^/]+|next|react|react-dom)(/|$)' },
    },
    {
      name: 'video-imports-only-shared-folders',
      comment:
        'The video plugin ships on its own entry (payload-backoffice/video) for apps without the ' +
        "back-office's sign-in: beside its own folder it may use only the folders both plugins " +
        'share (pure logic, errors and their answer, endpoint declaration, request reading, texts, database and metrics ' +
        'helpers, the admin fetch helper), never a sign-in capability (signIn, sso, twoFactor, ' +
        'sessions, lockout, sudo, invitations, passwordPolicy, ...).',
      severity: 'error',
      from: { path: '^src/video/' },
      to: {
        path: '^src/',
        pathNot:
          '^src/(video|shared/(lib|endpoint|errors|request|i18n|translations|db|metrics|components))/',
      },
    },
    {
      name: 'video-entries-reach-no-sign-in',
      comment:
        'What importing payload-backoffice/video or /video/client loads, through any number of ' +
        'imports: the shared folders only, and none of the sign-in dependencies (openid-client, ' +
        '@simplewebauthn, zxcvbn-ts, otplib, qrcode, ua-parser-js).',
      severity: 'error',
      from: { path: '^src/exports/video(Client)?[.]ts$' },
      to: {
        path: '^src/|(^|/)node_modules/(openid-client|@simplewebauthn|@zxcvbn-ts|otplib|qrcode|ua-parser-js)/',
        pathNot:
          '^src/(video|exports|shared/(lib|endpoint|errors|request|i18n|translations|db|metrics|components))/|^src/shared/options/(getPluginOptions|types)[.]ts$',
        reachable: true,
      },
    },
    {
      name: 'src-is-the-package',
      comment:
        'Only src/ is published: an import of the dev app, the tests or the benchmarks would break ' +
        'the package, or ship them inside it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(dev|test|bench)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file or package fails at run time.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a folder that needs another's types cannot be understood or moved
    // without it either.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
}
