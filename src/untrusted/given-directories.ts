/** Directories cg-bench makes and gives to the sandbox's user, never through a link. */
import {
  chmodSync,
  chownSync,
  closeSync,
  fchownSync,
  fstatSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { removeAsOwners } from './remove.ts';
import type { Sandbox } from './sandbox.ts';
import { DIRECTORY_FLAGS, removeOrRefuse, runsDirectory, sharedPlaceProblem } from './shared-places.ts';

/** Gives a whole tree (a copy cg-bench made to measure) to the sandbox's user (chown), links not followed. */
export function giveTree(sandbox: Sandbox, tree: string): void {
  if (!sandbox.user) return;
  const { uid, gid } = sandbox.user;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    lchownSync(path, uid, gid);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(tree);
}

/** Gives a directory cg-bench owns to the sandbox's user (not recursive). */
function giveDirectory(sandbox: Sandbox, dir: string): void {
  if (sandbox.user) chownSync(dir, sandbox.user.uid, sandbox.user.gid);
}

/**
 * Makes `path` afresh, a directory for the sandboxed code at a fixed path in a place others may
 * write (/tmp: setup's HOME, a benchmark's private HOME), with `inside` made in it, and gives them to
 * the sandbox's user. Whatever is at `path` is removed (a link itself, never what it names); the
 * directory is made exclusively, opened without following links, and given through the open
 * descriptor (fchown): code that ran earlier as that user, and owned what was at the name, may have
 * put a link there, and chown by path would then hand cg-bench's (root's) choice of directory to it.
 */
export function remakeGivenDirectory(sandbox: Sandbox, path: string, inside: string[] = []): void {
  makeGivenDirectory(sandbox, path, inside, false);
}

/**
 * Setup's HOME: made afresh, as remakeGivenDirectory, when the code runs as another user (cg-bench
 * is root: CI), so that nothing one run's code left there (a `.cargo/config.toml`, a `pip.conf`, a
 * `.gitconfig`) reaches the next run's setup, such as the base commit's, measured in the same job as
 * the baseline. When the code runs as cg-bench's own user (a person's machine), a directory already
 * there (opened without following a link) is kept with what its setup commands keep in HOME.
 */
export function makeSetupHome(sandbox: Sandbox, path: string): void {
  makeGivenDirectory(sandbox, path, [], sandbox.user === undefined);
}

function makeGivenDirectory(sandbox: Sandbox, path: string, inside: string[], keep: boolean): void {
  if (keep) {
    let fd: number | undefined;
    try {
      fd = openSync(path, DIRECTORY_FLAGS);
    } catch {
      // Missing, a link or not a directory: made afresh below.
    }
    if (fd !== undefined) {
      try {
        if (sandbox.user) fchownSync(fd, sandbox.user.uid, sandbox.user.gid);
        return;
      } finally {
        closeSync(fd);
      }
    }
  }
  // Whatever is there is someone's tree (the code's own home of the last run).
  removeOrRefuse(path);
  try {
    mkdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw sharedPlaceProblem(path, 'something else was put there while cg-bench made it');
    throw error;
  }
  const fd = openSync(path, DIRECTORY_FLAGS);
  try {
    if (fstatSync(fd).uid !== process.getuid?.()) throw sharedPlaceProblem(path, 'replaced while cg-bench made it');
    for (const name of inside) {
      // Beneath the held directory, which no one else can write yet.
      const at = join(`/proc/self/fd/${fd}`, name);
      mkdirSync(at);
      const sub = openSync(at, DIRECTORY_FLAGS);
      try {
        if (sandbox.user) fchownSync(sub, sandbox.user.uid, sandbox.user.gid);
      } finally {
        closeSync(sub);
      }
    }
    if (sandbox.user) fchownSync(fd, sandbox.user.uid, sandbox.user.gid);
  } finally {
    closeSync(fd);
  }
}

/** A directory cg-bench makes for one run of the code (runDirectory): its files and where the code writes. */
export interface RunDirectory {
  dir: string;
  /** Empty, the sandbox user's: what the code writes for cg-bench to read. */
  out: string;
}

/**
 * A fresh directory of cg-bench's own for one run of the code, in its runs directory: `files` written
 * in it (root's, readable by all, as `dir` is) and an empty `out` given to the sandbox's user. Never
 * in the benchmark's TMPDIR, which its `env:` names: root made, gave and removed the Python counter's
 * directories there, at a path the code could swap for a link meanwhile (root gave a root-only file
 * to the code's uid, and wrote into /etc), and a tree the code left there too deep for a removal by
 * path stopped cg-bench. The run must be handed `dir` among cg-bench's own paths (sandboxedCommand's
 * `own`), which a view binds back. Removed with removeRunDirectory.
 */
export function makeRunDirectory(sandbox: Sandbox, prefix: string, files: Readonly<Record<string, string>>): RunDirectory {
  const dir = mkdtempSync(join(runsDirectory(), prefix));
  chmodSync(dir, 0o755);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, name), text, { mode: 0o644 });
  }
  const out = join(dir, 'out');
  mkdirSync(out);
  giveDirectory(sandbox, out);
  return { dir, out };
}

/** Removes a run's directory: what the code wrote with its own rights, the rest with cg-bench's (remove.ts: no link followed, any depth). */
export function removeRunDirectory(run: RunDirectory): void {
  removeAsOwners([run.out]);
  removeAsOwners([run.dir]);
}
