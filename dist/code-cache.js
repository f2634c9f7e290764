// src/start/make-code-cache.ts
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

// src/start/code-cache.ts
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
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

// src/start/make-code-cache.ts
var bundle = readBundle(join2(dirname2(fileURLToPath(import.meta.url)), "cli.cjs"));
setFlagsFromString("--no-lazy");
var script = bundleScript(bundle);
setFlagsFromString("--lazy");
var cache = script.createCachedData();
rmSync(`${bundle.cachePath}.tmp`, { force: true });
writeFileSync(`${bundle.cachePath}.tmp`, cache, { mode: 420 });
renameSync(`${bundle.cachePath}.tmp`, bundle.cachePath);
process.stdout.write(`${bundle.cachePath}: ${cache.length} bytes
`);
