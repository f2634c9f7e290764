#!/usr/bin/env node

// src/start/cli-loader.ts
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";

// src/start/code-cache.ts
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Script } from "node:vm";
var PARAMETERS = ["exports", "require", "module", "__filename", "__dirname", "__cgBundleUrl"];
function readBundle(path) {
  const bytes = readFileSync(path);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  return { path, source: bytes.toString("utf8"), cachePath: join(dirname(path), `${basename(path)}.${hash}.code-cache`) };
}
function bundleScript(bundle2, cachedData) {
  return new Script(`(function (${PARAMETERS.join(", ")}) {${bundle2.source}
})`, { filename: bundle2.path, ...cachedData ? { cachedData } : {} });
}
function readCodeCache(bundle2) {
  let fd;
  try {
    fd = openSync(bundle2.cachePath, "r");
  } catch {
    return void 0;
  }
  try {
    const cache = fstatSync(fd);
    if (!cache.isFile() || cache.uid !== statSync(bundle2.path).uid || (cache.mode & 18) !== 0) return void 0;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
function loadBundle(path, options) {
  const bundle2 = readBundle(path);
  const cachedData = options.useCache ? readCodeCache(bundle2) : void 0;
  const script = bundleScript(bundle2, cachedData);
  const use = !options.useCache ? "off" : !cachedData ? "absent" : script.cachedDataRejected === true ? "rejected" : "used";
  const run = () => {
    const module = { exports: {} };
    const moduleFunction = script.runInThisContext();
    moduleFunction(module.exports, createRequire(path), module, path, dirname(path), pathToFileURL(path).href);
  };
  return { use, run };
}

// src/start/cli-loader.ts
var setting = process.env["CG_BENCH_CODE_CACHE"];
var bundle = join2(dirname2(fileURLToPath(import.meta.url)), "cli.cjs");
var loaded;
try {
  loaded = loadBundle(bundle, { useCache: setting !== "0" });
} catch (error) {
  process.stderr.write(`cg-bench: internal error: ${bundle} could not be loaded: ${error instanceof Error ? error.message : String(error)}
`);
  process.exit(70);
}
if (setting === "require" && loaded.use !== "used") {
  process.stderr.write(`cg-bench: internal: CG_BENCH_CODE_CACHE=require, but the code cache of ${bundle} was ${loaded.use}
`);
  process.exit(70);
}
try {
  loaded.run();
} catch (error) {
  process.stderr.write(
    `cg-bench: internal error: ${bundle} failed as it started: ${error instanceof Error ? error.stack ?? error.message : String(error)}
`
  );
  process.exit(70);
}
