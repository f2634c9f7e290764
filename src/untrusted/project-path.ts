import { lstatSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, relative } from 'node:path';

/** How many links a path may pass through, as the kernel allows (ELOOP). */
const MAX_LINKS = 40;

/** Why a directory the configuration names cannot be used. */
export type ProjectDirectoryProblem = 'is outside the project' | 'does not exist' | 'is not a directory' | 'is a loop of links';

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}

/**
 * The real path of the directory `path` names (absolute, normalized), resolved within the project
 * `root` (its real path) only: each link's text is followed while it stays in the project, and
 * nothing outside it is ever looked at. A path, or a link on the way, that leads out of the project
 * is "outside the project" whatever is there. As root, resolving and stating a link to a root-only
 * file told "is not a directory" from "does not exist" in the published message: whether a file the
 * pull request cannot reach exists (review r12).
 */
export function projectDirectory(root: string, path: string): { real: string } | { problem: ProjectDirectoryProblem } {
  if (!inside(root, path)) return { problem: 'is outside the project' };
  const pending = relative(root, path).split('/').filter(Boolean);
  let at = root;
  let links = 0;
  while (pending.length) {
    const name = pending.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      at = dirname(at);
      if (!inside(root, at)) return { problem: 'is outside the project' };
      continue;
    }
    const next = join(at, name);
    let isLink: boolean;
    let isDirectory: boolean;
    try {
      const s = lstatSync(next);
      isLink = s.isSymbolicLink();
      isDirectory = s.isDirectory();
    } catch {
      return { problem: 'does not exist' };
    }
    if (isLink) {
      if (++links > MAX_LINKS) return { problem: 'is a loop of links' };
      let text: string;
      try {
        text = readlinkSync(next);
      } catch {
        return { problem: 'does not exist' };
      }
      const target = normalize(isAbsolute(text) ? text : join(at, text));
      if (!inside(root, target)) return { problem: 'is outside the project' };
      pending.unshift(...relative(root, target).split('/').filter(Boolean));
      at = root;
      continue;
    }
    if (!isDirectory) return { problem: 'is not a directory' };
    at = next;
  }
  return { real: at };
}
