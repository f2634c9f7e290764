#!/usr/bin/env node
// dist/cli.js: starts the CLI bundle, dist/cli.cjs, from V8's code cache where the image made one
// (src/start/code-cache.ts). CG_BENCH_CODE_CACHE=0 compiles it from source (to measure the cache's
// effect); =require exits 70 unless the cache was used (the image's build checks its cache so).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundle } from './code-cache.ts';

const setting = process.env['CG_BENCH_CODE_CACHE'];
const bundle = join(dirname(fileURLToPath(import.meta.url)), 'cli.cjs');
let loaded: ReturnType<typeof loadBundle>;
try {
  loaded = loadBundle(bundle, { useCache: setting !== '0' });
} catch (error) {
  // A bundle that cannot be read or compiled: cg-bench's own fault, never "a regression" (1).
  process.stderr.write(`cg-bench: internal error: ${bundle} could not be loaded: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(70);
}
if (setting === 'require' && loaded.use !== 'used') {
  process.stderr.write(`cg-bench: internal: CG_BENCH_CODE_CACHE=require, but the code cache of ${bundle} was ${loaded.use}\n`);
  process.exit(70);
}
try {
  loaded.run();
} catch (error) {
  // The bundle threw while it started (before src/cli.ts could take over its exit): still cg-bench's
  // own fault, 70, where Node's default for an uncaught error would be 1, "a regression".
  process.stderr.write(
    `cg-bench: internal error: ${bundle} failed as it started: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(70);
}
