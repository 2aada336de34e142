// The layers of the application, lowest first: a module may import its own layer and the ones below, never above
// (decision F72). `npm test` runs this (npm run lint:deps); docs/decisions.md F50 and F72 say why each layer is where it is.
const layers = [
  ['base', '^shared/(errors|clock|config|observability)\\.ts$'],
  ['policy', '^shared/(domain|events|webhooks)/'],
  ['use cases', '^shared/usecases/'],
  ['adapters', '^shared/(storage|providers|email|security|messaging)/'],
  ['authentication', '^shared/auth/'],
  ['composition', '^shared/composition/'],
  ['presentation', '^shared/(http|web|api)/|^shared/routes\\.ts$'],
  ['handlers', '^functions/'],
];

const upward = layers.slice(0, -1).map(([name, path], index) => ({
  name: `no-upward-import-from-${name.replace(' ', '-')}`,
  comment: `${name} may import only its own layer and the ones below it`,
  severity: 'error',
  from: { path },
  to: { path: layers.slice(index + 1).map(([, above]) => `(${above})`).join('|') },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'no-circular',
      comment: 'two modules that import each other cannot be understood, tested or loaded one without the other',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'policy-and-use-cases-know-no-infrastructure',
      comment: 'the domain and the use cases know no AWS SDK, Lambda types or middy: adapters and handlers do',
      severity: 'error',
      from: { path: '^shared/(domain|events|webhooks|usecases)/' },
      to: { path: '^node_modules/(@aws-sdk/|@types/aws-lambda|@middy/)' },
    },
    {
      name: 'handlers-reach-adapters-through-composition',
      comment: 'a handler gets its adapters and clients from the composition root, never directly',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^shared/(storage|providers|security|email|messaging)/|^node_modules/@aws-sdk/client-' },
    },
    {
      name: 'application-apart-from-infrastructure-code',
      comment: 'the CDK app builds the functions; they never import it (stand-ins reach bundles as esbuild aliases)',
      severity: 'error',
      from: { path: '^(functions|shared)/' },
      to: { path: '^lib/' },
    },
    {
      name: 'application-apart-from-tooling',
      comment: 'the deployed code never imports the dev tooling or the tests',
      severity: 'error',
      from: { path: '^(functions|shared|lib)/' },
      to: { path: '^(bin|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // TypeScript 7 has no compiler API yet: swc parses the sources, type-only imports included.
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { conditionNames: ['import', 'source', 'node', 'default'], extensions: ['.ts', '.js', '.json'] },
  },
};
