// The fixed cost (issue 26): importing the modules every command loads compiles no JSON schema;
// a validator is compiled when first used, once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';

test('no schema is compiled at import time; the config validator is compiled once, on first use', async () => {
  let compiled = 0;
  const compile = Ajv.prototype.compile;
  Ajv.prototype.compile = function (this: Ajv, ...args: Parameters<Ajv['compile']>) {
    compiled++;
    return compile.apply(this, args);
  } as Ajv['compile'];
  try {
    const { loadConfig } = await import('../../src/config/load.ts');
    await import('../../src/results/io.ts');
    await import('../../src/cli/main.ts');
    assert.equal(compiled, 0, 'a schema was compiled at import time');
    const dir = mkdtempSync(join(tmpdir(), 'cg-bench-start-up-'));
    try {
      writeFileSync(join(dir, 'cg-bench.yml'), 'benchmarks:\n  - name: a\n    run: ["true"]\n');
      loadConfig(join(dir, 'cg-bench.yml'));
      loadConfig(join(dir, 'cg-bench.yml'));
      assert.equal(compiled, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    Ajv.prototype.compile = compile;
  }
});

test('the schemas we ship are valid against their meta-schema (runs skip that check: createAjv)', async () => {
  const { createAjv } = await import('../../src/util/json-schema.ts');
  const { default: config } = await import('../../schemas/config.schema.json', { with: { type: 'json' } });
  const { default: results } = await import('../../schemas/results.schema.json', { with: { type: 'json' } });
  for (const schema of [config, results]) {
    const ajv = createAjv({ validateSchema: true });
    assert.equal(ajv.validateSchema(schema), true, JSON.stringify(ajv.errors));
    assert.doesNotThrow(() => ajv.compile(schema));
  }
  const broken = { ...config, properties: { ...config.properties, threshold: { type: 'nonsense' } } };
  assert.equal(createAjv({ validateSchema: true }).validateSchema(broken), false, 'the check catches a broken schema');
});
