// The web app's layers (README.md, "Layout"): src/lib and src/components → src/features/* →
// src/app. A feature is a leaf: it may use lib, components and @devstay/shared, never another
// feature nor the app; pages that need two features are composed in src/app.
// Run from the repository root: `npm run lint` (depcruise apps/web/src --config this file).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment: 'Features never import each other: compose them in src/app (props, slots, routes).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'feature-to-app',
      severity: 'error',
      comment: 'The app composes features, not the other way round.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-to-feature-or-app',
      severity: 'error',
      comment: 'src/lib and src/components are shared by every feature: they know none of them.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules of the web app that import each other, directly or through others.',
      from: { path: '^apps/web/src/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^apps/web/src/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
