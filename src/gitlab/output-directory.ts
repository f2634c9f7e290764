import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { removeTrees } from '../untrusted/remove.ts';

/**
 * cg-bench's output directory in a GitLab job is `cg-bench-results` in the checkout: a path the merge
 * request's tree can hold too. As root, cg-bench must write only into a directory it made: a link
 * committed there (`cg-bench-results -> /anywhere`) or inside it (`cg-bench-results/junit.xml ->
 * /etc/…`) would have it write its reports wherever the link points. So whatever is at that path is
 * removed first (a link is removed, never followed), except, in a merge job, `shards`: the shard jobs'
 * artifacts GitLab extracted there, which must be a real directory (the reader then reads beneath it).
 */
export function freshOutputDirectory(out: string, keep: readonly string[] = []): void {
  let isDirectory = false;
  try {
    isDirectory = lstatSync(out).isDirectory();
  } catch {
    // Nothing there.
  }
  if (!isDirectory) rmSync(out, { force: true });
  else {
    for (const name of readdirSync(out)) {
      // The merge request's tree: removed at any depth, no link followed, checked gone (remove.ts).
      if (!keep.includes(name)) removeTrees([join(out, name)], `${out}, as the merge request left it`);
      else if (!lstatSync(join(out, name)).isDirectory()) {
        throw new CgBenchError(
          `${join(out, name)}: is not a directory (a link?); it must hold the shard jobs' artifacts, and the merge request's tree must not have it`,
        );
      }
    }
  }
  mkdirSync(out, { recursive: true });
}
