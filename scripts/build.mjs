// Bundles each entry point into one self-contained file in dist/ (the image and the action run
// dist/, never src/). `--check` rebuilds into a temporary directory and fails if dist/ differs.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const entries = { action: 'src/action.ts', gitlab: 'src/gitlab.ts' };
const check = process.argv.includes('--check');
// `--out DIR` builds elsewhere than dist/ (bench/fixed-cost.ts measures src/ as dist/ would be built).
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;
const outdir = check ? mkdtempSync(join(tmpdir(), 'cg-bench-dist-')) : (out ?? 'dist');

// Ajv (~260 KB with fast-uri) is its own CommonJS file beside the bundles, dist/ajv.cjs: a run that
// validates nothing (no baseline read) then never parses it, and every start is ~50M instructions
// lighter (issue 26). src/util/json-schema.ts require()s it when a schema is first compiled.
const ajvBeside = {
  name: 'ajv-beside',
  setup(b) {
    b.onResolve({ filter: /^ajv$/ }, () => ({ path: './ajv.cjs', external: true }));
  },
};

// What every bundle shares: Node 20, no legal comments (the image's licences are elsewhere), warnings only.
const node = { outdir, bundle: true, platform: 'node', target: 'node20', legalComments: 'none', logLevel: 'warning' };

await build({
  entryPoints: { ajv: 'ajv' },
  ...node,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});

// The CLI is CommonJS, dist/cli.cjs, started by a small ESM loader, dist/cli.js, which compiles it
// through V8's code cache where one was made beside it (dist/code-cache.js; src/start/code-cache.ts).
// import.meta.url, which CommonJS lacks, is the bundle's URL, handed in by the loader.
await build({
  entryPoints: { cli: 'src/cli.ts' },
  plugins: [ajvBeside],
  ...node,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  define: { 'import.meta.url': '__cgBundleUrl' },
});
await build({
  entryPoints: { cli: 'src/start/cli-loader.ts', 'code-cache': 'src/start/make-code-cache.ts' },
  ...node,
  format: 'esm',
});

await build({
  entryPoints: entries,
  plugins: [ajvBeside],
  ...node,
  format: 'esm',
  // CommonJS dependencies (ajv) call require() for Node built-ins.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
});

if (check) {
  const stale = readdirSync(outdir).filter((f) => {
    try {
      return readFileSync(join('dist', f), 'utf8') !== readFileSync(join(outdir, f), 'utf8');
    } catch {
      return true;
    }
  });
  rmSync(outdir, { recursive: true, force: true });
  if (stale.length) {
    console.error(`dist/ is out of date with src/ (${stale.join(', ')}): run npm run build and commit dist/`);
    process.exit(1);
  }
  console.log('dist/ matches src/');
}
