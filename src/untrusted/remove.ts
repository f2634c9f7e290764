import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, realpathSync, rmSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { ownProgram, ownProgramsEnv } from './environment.ts';

/** The argv prefix that runs a command as `id`: no groups, no capabilities, none to gain. */
export function asId(id: { uid: number; gid: number }): string[] {
  return [ownProgram('setpriv'), `--reuid=${id.uid}`, `--regid=${id.gid}`, '--clear-groups', '--no-new-privs', '--inh-caps=-all', '--bounding-set=-all', '--'];
}

/**
 * Removes `paths` (trees in a directory every uid may write: private temporary directories, a staging
 * directory, a home, or whatever took their names) with their owner's rights, never cg-bench's: their
 * content is the code's, or that of the uid that made them. As root, a removal by path (rmSync)
 * deleted what a link led to where a directory was swapped for one meanwhile (a root-only
 * directory's files), and stopped cg-bench (ENAMETOOLONG) on a tree deeper than PATH_MAX. rm (GNU,
 * fd-relative) has no limit on depth and follows no link; where it fails, chmod as the owner and
 * again, so a directory the owner made read-only does not stop it. What cannot be removed is left:
 * removing never throws (a caller that needs the name free checks).
 */
export function removeAsOwners(paths: readonly string[]): void {
  const run = (argv: string[]) => spawnSync(argv[0]!, argv.slice(1), { env: ownProgramsEnv(), stdio: 'ignore', timeout: REMOVE_TIMEOUT_MS }).status === 0;
  for (const removal of removals(paths)) {
    if (run(removal.remove) || !removal.giveRights) continue;
    run(removal.giveRights);
    run(removal.remove);
  }
}

/**
 * removeAsOwners without blocking the event loop while rm runs: a benchmark's HOME removed after its
 * run held the main thread ~10 ms per benchmark, while the other jobs' runs waited to be started or read.
 */
export async function removeAsOwnersAsync(paths: readonly string[]): Promise<void> {
  const run = (argv: string[]) =>
    new Promise<boolean>((resolve) => {
      const child = spawn(argv[0]!, argv.slice(1), { env: ownProgramsEnv(), stdio: 'ignore', timeout: REMOVE_TIMEOUT_MS });
      child.once('error', () => resolve(false));
      child.once('close', (code) => resolve(code === 0));
    });
  for (const removal of removals(paths)) {
    if ((await run(removal.remove)) || !removal.giveRights) continue;
    await run(removal.giveRights);
    await run(removal.remove);
  }
}

/** The rm of each owner's paths (as that owner), and where it may fail on rights, the chmod to run before again. */
function removals(paths: readonly string[]): { remove: string[]; giveRights?: string[] }[] {
  const self = process.getuid?.() ?? -1;
  const byOwner = new Map<string, { id: { uid: number; gid: number }; dirs: string[]; others: string[] }>();
  for (const given of paths) {
    let stat: Stats;
    try {
      stat = lstatSync(given);
    } catch {
      continue;
    }
    let path = given;
    if (given.startsWith('/proc/self/')) {
      // Beneath a held directory (write.ts): another process has its own /proc/self. cg-bench's own
      // tree is removed here, through the held directory, as before; another uid's by the path the
      // held directory has now: a link swapped in on the way leads its rm where that uid may go.
      if (stat.uid === self) {
        try {
          rmSync(given, { recursive: true, force: true });
        } catch {
          // Left; the caller checks.
        }
        continue;
      }
      try {
        path = join(realpathSync(dirname(given)), basename(given));
      } catch {
        continue;
      }
    }
    const key = `${stat.uid}:${stat.gid}`;
    const group = byOwner.get(key) ?? { id: { uid: stat.uid, gid: stat.gid }, dirs: [], others: [] };
    (stat.isDirectory() ? group.dirs : group.others).push(path);
    byOwner.set(key, group);
  }
  return [...byOwner.values()].map(({ id, dirs, others }) => {
    const as = self === 0 && id.uid !== 0 ? asId(id) : [];
    const remove = [...as, ownProgram('rm'), '-rf', '--one-file-system', '--', ...dirs, ...others];
    // One process in the common case (between timed pairs too); the rights given back only when
    // needed, and never by root, which needs none (and must not follow the code's links to give them).
    if (!dirs.length || (self === 0 && id.uid === 0)) return { remove };
    return { remove, giveRights: [...as, ownProgram('chmod'), '-R', 'u+rwx', '--', ...dirs] };
  });
}

/** How long removing a tree may take (millions of files): the rest is left (at the next sweep, for private directories). */
const REMOVE_TIMEOUT_MS = 120_000;

/**
 * Empties places of cg-bench's own that the code may have written in (the image workspace between
 * the two sides, a base worktree, cg-bench-results in a checkout): `paths` removed with cg-bench's
 * rights by rm (fd-relative: no link followed, no other file system entered, any depth), then
 * checked gone; one left stops with a message. Not as the owner, as removeAsOwners does: the code
 * owned its tree, made it unremovable by its own uid (chmod 555), and the base was then measured
 * beside the head's leftovers (review r12: 411,406 -> 326,981,529 cycles). Not cg-bench's own uid's
 * rights alone either, when that is not root: a directory it owns made read-only is given back its
 * rights first.
 */
export function removeTrees(paths: readonly string[], what: string): void {
  const present = paths.filter(exists);
  if (!present.length) return;
  const run = (argv: string[]) => spawnSync(argv[0]!, argv.slice(1), { env: ownProgramsEnv(), stdio: 'ignore', timeout: REMOVE_TIMEOUT_MS }).status === 0;
  const remove = [ownProgram('rm'), '-rf', '--one-file-system', '--', ...present];
  if (!run(remove) && process.getuid?.() !== 0) {
    run([ownProgram('chmod'), '-R', 'u+rwx', '--', ...present]);
    run(remove);
  }
  const left = present.filter(exists);
  if (left.length) throw new CgBenchError(`${what}: ${left.join(', ')} cannot be removed; nothing is measured beside what another run left there`);
}

/** Empties `dir`, a place of cg-bench's own the code may have written in, as removeTrees removes: every entry, checked gone. */
export function emptyOwnPlace(dir: string, what: string): void {
  removeTrees(
    readdirSync(dir).map((name) => join(dir, name)),
    what,
  );
}

/**
 * Removes from `dir` (an output directory the container wrote, as the caller's uid) every entry that
 * is not a plain file or a directory, at any depth: links (to the runner's secrets, for a later
 * upload or read to follow), fifos, sockets and devices. find is fd-relative, follows no link, enters
 * no other file system and has no limit on depth: walked by path, a tree deeper than PATH_MAX stopped
 * the job (exit 70, attack r14) and the links beyond it stayed. Where find cannot finish, a message.
 */
export function removeSpecialFiles(dir: string, what: string): void {
  if (!exists(dir)) return;
  const r = spawnSync(ownProgram('find'), [dir, '-xdev', '!', '-type', 'f', '!', '-type', 'd', '-delete'], {
    env: ownProgramsEnv(),
    stdio: 'ignore',
    timeout: REMOVE_TIMEOUT_MS,
  });
  if (r.status !== 0) throw new CgBenchError(`${what}: the links and special files in ${dir} cannot all be removed; nothing is read from it`);
}

/** Whether anything (a link included) is at `path`. */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
