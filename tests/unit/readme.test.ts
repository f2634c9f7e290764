// README is the front door (issue 25.12): short, the GitHub and GitLab setups near the top, and every
// link in it and in docs/ leads somewhere (a file of the repository, and a heading when it names one).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../helpers.ts';

const README = join(ROOT, 'README.md');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function headings(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

test('README is at most 250 lines, and the GitHub and GitLab setups start within its first 80', () => {
  const lines = readFileSync(README, 'utf8').split('\n');
  assert.ok(lines.length <= 250, `${lines.length} lines`);
  const at = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l)) + 1;
  for (const pattern of [/^## Set up on GitHub/, /^## Set up on GitLab/, /^# \.github\/workflows\/benchmarks\.yml$/, /^# \.gitlab-ci\.yml/]) {
    const line = at(pattern);
    assert.ok(line > 0 && line <= 80, `${pattern} at line ${line}`);
  }
});

test('every relative link of README.md and docs/*.md names a file that exists, and a heading that exists', () => {
  const files = [
    README,
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(ROOT, 'docs', f)),
  ];
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?|mailto):/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const resolved = path ? join(dirname(file), path) : file;
      if (!existsSync(resolved)) broken.push(`${relative(ROOT, file)}: ${target} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !headings(resolved).has(anchor)) broken.push(`${relative(ROOT, file)}: ${target} (no such heading)`);
    }
  }
  assert.deepEqual(broken, []);
});

test('the source map in docs/development.md names every directory of src/, and no other', () => {
  const map = /```\n(src\/\n[\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8'))?.[1];
  assert.ok(map, 'docs/development.md has no source map (a ``` block starting with src/)');
  const named = [...map.matchAll(/^ {2}([a-z-]+)\/ /gm)].map((m) => m[1]!).sort();
  const actual = readdirSync(join(ROOT, 'src'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  assert.deepEqual(named, actual);
});
