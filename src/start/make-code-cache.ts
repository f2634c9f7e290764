// dist/code-cache.js: makes the code cache of dist/cli.cjs beside it (src/start/code-cache.ts), run
// once where the bundle is installed, by its owner: the image's build does. Every function is
// compiled (V8's --no-lazy while the script compiles), so a cache made without running anything holds
// what any command runs. V8 hashes its flags into the cache: --lazy is set back before the cache is
// made, and a CLI process (default flags) takes it.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { bundleScript, readBundle } from './code-cache.ts';

const bundle = readBundle(join(dirname(fileURLToPath(import.meta.url)), 'cli.cjs'));
setFlagsFromString('--no-lazy');
const script = bundleScript(bundle);
setFlagsFromString('--lazy');
const cache = script.createCachedData();
// Whole or not at all: a half-written cache is rejected by V8, but need not be read.
rmSync(`${bundle.cachePath}.tmp`, { force: true });
writeFileSync(`${bundle.cachePath}.tmp`, cache, { mode: 0o644 });
renameSync(`${bundle.cachePath}.tmp`, bundle.cachePath);
process.stdout.write(`${bundle.cachePath}: ${cache.length} bytes\n`);
