/** @type {import('dependency-cruiser').IConfiguration} */
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
      name: 'no-folder-cycle',
      comment:
        'A capability folder of src/ that imports another which imports it back (through any number ' +
        'of folders) is one capability split in two: neither can change or be understood alone. ' +
        'Checked on the folder graph, so it also finds cycles that no single file takes part in.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/([^/]+)' },
      to: { path: '^src/[^/]+', pathNot: '^src/$1(/|$)', circular: true },
    },
    {
      name: 'lib-is-pure',
      comment:
        'src/lib/ and src/video/lib/ hold plain logic (backoff schedule, token hashing, the ffmpeg ' +
        'ladder) that is unit-tested without ' +
        'Payload, Next or React and can be reused anywhere.',
      severity: 'error',
      from: { path: '^src/(video/)?lib/' },
      to: { path: '(^|node_modules/)(payload|@payloadcms/[^/]+|next|react|react-dom)(/|$)' },
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
