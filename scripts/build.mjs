// Bundles each entry point into self-contained ESM in dist/ (the image and the action run dist/,
// never src/). `--check` rebuilds into a temporary directory and fails if dist/ differs.
// The CLI is split: dist/cli.js loads a command's code from dist/cli-chunks/ when that command is
// asked for, so `--help` and `run` do not parse (about 40 ms CPU per start) the code they never use.
// The action and the GitLab job are one file each: they run once per CI job.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const check = process.argv.includes('--check');
// `--out DIR` builds elsewhere than dist/ (tests/unit/start-up.test.ts reads what each command loads).
const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : undefined;
const outdir = check ? mkdtempSync(join(tmpdir(), 'cg-bench-dist-')) : (out ?? 'dist');
const CHUNKS = 'cli-chunks';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  outdir,
  // CommonJS dependencies (ajv) call require() for Node built-ins.
  banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
};

// Chunks of an earlier build would linger beside the new ones (their names carry a hash).
if (!check) rmSync(join(outdir, CHUNKS), { recursive: true, force: true });
await build({ ...common, entryPoints: { cli: 'src/cli.ts' }, splitting: true, chunkNames: `${CHUNKS}/[name]-[hash]` });
await build({ ...common, entryPoints: { action: 'src/action.ts', gitlab: 'src/gitlab.ts' } });

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
