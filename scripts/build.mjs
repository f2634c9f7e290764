// Bundles each entry point into one self-contained ESM file in dist/ (the image and the action run
// dist/, never src/). `--check` rebuilds into a temporary directory and fails if dist/ differs.
// One file each, not split into chunks: a module that is import()ed (src/cli/main.ts's commands) is
// then evaluated only when it is asked for, and Node reads one file (each file Node 20's ES module
// loader reads costs CPU of its own: a split CLI started `run` no faster, issue 26).
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const check = process.argv.includes('--check');
// `--out DIR` builds elsewhere than dist/ (tests/unit/start-up.test.ts reads what the CLI evaluates lazily).
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;
const outdir = check ? mkdtempSync(join(tmpdir(), 'cg-bench-dist-')) : (out ?? 'dist');
await build({
  entryPoints: { cli: 'src/cli.ts', action: 'src/action.ts', gitlab: 'src/gitlab.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  // CommonJS dependencies (ajv) call require() for Node built-ins.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
});

/** Every file beneath `dir`, as paths relative to it. */
function files(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(dir, join(prefix, e.name)) : [join(prefix, e.name)]));
}

if (check) {
  const built = files(outdir);
  const shipped = files('dist');
  const stale = [...new Set([...built, ...shipped])].filter((f) => {
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
