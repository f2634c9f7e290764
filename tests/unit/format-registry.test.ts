// The report formats are listed once, in src/report/index.ts (issue 25.9). What cannot import that list
// (action.yml, the GitLab templates, docs/) is checked here to name exactly its formats.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { HELP } from '../../src/cli/help.ts';
import { EXPORT_FORMATS, exportFileName, FORMAT_NAMES } from '../../src/report/index.ts';
import { ROOT } from '../helpers.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
/** The files an `exports` description names: bmf.json, github-action-benchmark.json. */
const jsonFiles = (text: string) => sorted([...text.matchAll(/([\w-]+\.json)\b/g)].map((m) => m[1]!));
const EXPORT_FILES = sorted(EXPORT_FORMATS.map(exportFileName));

test("the export formats are the registry's formats marked export, and --format takes every format", () => {
  assert.deepEqual([...EXPORT_FORMATS], ['bmf', 'github-action-benchmark']);
  for (const command of ['run', 'compare', 'merge']) {
    const help = HELP[command]!.replace(/\s+/g, ' ');
    for (const name of FORMAT_NAMES) assert.match(help, new RegExp(`--format FORMAT .*\\b${name}\\b`), `${command} --help misses ${name}`);
  }
});

test("action.yml's exports input names exactly the registry's export files", () => {
  const action = parse(read('action.yml')) as { inputs: Record<string, { description: string }> };
  assert.deepEqual(jsonFiles(action.inputs['exports']!.description), EXPORT_FILES);
});

for (const template of ['templates/gitlab-ci.yml', 'templates/gitlab-ci-sharded.yml']) {
  test(`${template}'s exports input names exactly the registry's export files`, () => {
    const spec = parseAllDocuments(read(template))[0]!.toJS() as { spec: { inputs: Record<string, { description: string }> } };
    assert.deepEqual(jsonFiles(spec.spec.inputs['exports']!.description), EXPORT_FILES);
  });
}

test("docs/ list exactly the registry's formats", () => {
  const cli = /cg-bench run [^`]*?--format ([a-z|-]+)\]/.exec(read('docs/cli.md'));
  assert.deepEqual(cli?.[1]?.split('|'), FORMAT_NAMES, 'docs/cli.md: cg-bench run --format');
  for (const doc of ['docs/github.md', 'docs/gitlab.md']) {
    const exports = /`exports`\s+\(([^:]*):/.exec(read(doc));
    assert.ok(exports, `${doc}: no "\`exports\` (…:" in the inputs`);
    assert.deepEqual(sorted([...exports[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)), sorted(EXPORT_FORMATS), doc);
  }
  const results = /## Exports for other tools\n([\s\S]*?)\n## /.exec(`${read('docs/results.md')}\n## `)?.[1] ?? '';
  assert.deepEqual(sorted([...results.matchAll(/--format ([\w-]+)/g)].map((m) => m[1]!)), sorted(EXPORT_FORMATS), 'docs/results.md: --format in Exports');
  assert.deepEqual(jsonFiles(/beside results.json\s+\(([^)]*)\)/.exec(results)?.[1] ?? ''), EXPORT_FILES, 'docs/results.md: the files `exports` writes');
  const map = /report\/\s+one file per format \(([^)]*)\)/.exec(read('docs/development.md'));
  assert.deepEqual(map?.[1]?.split(/,\s*/), FORMAT_NAMES, "docs/development.md: the source map's report/");
});
