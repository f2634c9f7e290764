// V8's code cache for the CLI bundle (issue 26: the fixed cost). dist/cli.js is a small loader; the
// CLI itself is dist/cli.cjs, compiled as a vm.Script. Where a code cache made for that bundle lies
// beside it (made when the image is built: dist/code-cache.js), V8 reads the compiled bytecode
// instead of parsing and compiling ~740 KB of JavaScript in every process.
//
// A code cache is code. It is only ever read from the bundle's own directory, which only whoever can
// already replace the bundle can write (the image's /opt/cg-bench/dist, root's), never from a cache
// directory a benchmark could write, and only when it is a regular file of the bundle's owner that no
// one else may write. Its name carries the SHA-256 of the bundle's bytes as read now, so a cache of
// another bundle is never even opened: V8 itself checks only the source's length (a bundle changed in
// place would run the old code), and rejects a cache made by another V8 or with other flags
// (`cachedDataRejected`); the bundle is then compiled as if there were no cache.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

/** The CommonJS module wrapper the bundle runs in: Node's own five names, and the bundle's URL for import.meta.url. */
const PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname', '__cgBundleUrl'] as const;

interface Bundle {
  path: string;
  source: string;
  /** Where the code cache of exactly these bytes lies: beside the bundle, named by their SHA-256. */
  cachePath: string;
}

export function readBundle(path: string): Bundle {
  const bytes = readFileSync(path);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  return { path, source: bytes.toString('utf8'), cachePath: join(dirname(path), `${basename(path)}.${hash}.code-cache`) };
}

/** The bundle as a script that evaluates to its module function (what vm.Script compiles and caches). */
export function bundleScript(bundle: Bundle, cachedData?: Buffer): Script {
  // The wrapper on the source's first line, as Node's own: a stack trace's line numbers stay the bundle's.
  return new Script(`(function (${PARAMETERS.join(', ')}) {${bundle.source}\n})`, { filename: bundle.path, ...(cachedData ? { cachedData } : {}) });
}

/** The cache file's bytes, or undefined when there is none or it is not trusted as the bundle is. */
function readCodeCache(bundle: Bundle): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(bundle.cachePath, 'r');
  } catch {
    return undefined;
  }
  try {
    const cache = fstatSync(fd);
    if (!cache.isFile() || cache.uid !== statSync(bundle.path).uid || (cache.mode & 0o022) !== 0) return undefined;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** How the bundle was compiled: from its code cache, or from source because there was none, V8 refused it, or it was turned off. */
type CodeCacheUse = 'used' | 'absent' | 'rejected' | 'off';

/** The bundle compiled (from its code cache if there is one and V8 takes it), ready to run. */
export function loadBundle(path: string, options: { useCache: boolean }): { use: CodeCacheUse; run: () => void } {
  const bundle = readBundle(path);
  const cachedData = options.useCache ? readCodeCache(bundle) : undefined;
  const script = bundleScript(bundle, cachedData);
  const use: CodeCacheUse = !options.useCache ? 'off' : !cachedData ? 'absent' : script.cachedDataRejected === true ? 'rejected' : 'used';
  const run = () => {
    const module = { exports: {} };
    const moduleFunction = script.runInThisContext() as (...args: unknown[]) => void;
    moduleFunction(module.exports, createRequire(path), module, path, dirname(path), pathToFileURL(path).href);
  };
  return { use, run };
}
