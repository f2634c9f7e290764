import { lstatSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { runProcessSync } from '../untrusted/process.ts';
import { readTextBounded } from '../untrusted/read.ts';
import { removeTrees } from '../untrusted/remove.ts';
import { callerGitFilesTrusted, ownProgram } from '../untrusted/environment.ts';

/**
 * Pull-request code may have written into the checkout (its .git included) before git runs here:
 * nothing git could execute or be redirected by comes from the repository. Hooks, fsmonitor,
 * external diff, the ext:: transport and replace refs are off, and no prompt can block the job. The
 * real defence is that git never runs where the code has (closeRepository), and that the code cannot
 * reach .git while it runs (src/container, untrusted/lock-checkout.ts): a repository's own config can
 * still name filters; this is the second line.
 */
const SAFE_GIT_OPTIONS: readonly string[] = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.untrackedCache=false',
  '-c',
  'diff.external=',
  '-c',
  'protocol.ext.allow=never',
  '--no-replace-objects',
];
const SAFE_GIT_ENV: Readonly<Record<string, string>> = {
  GIT_TERMINAL_PROMPT: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
};
/**
 * Where the caller's per-user git files lie where the code could have written them
 * (callerGitFilesTrusted): none is read. A filter they define runs when git checks a commit out.
 */
const NO_USER_FILES_OPTIONS: readonly string[] = ['-c', 'core.attributesFile=/dev/null', '-c', 'core.excludesFile=/dev/null'];
const NO_USER_FILES_ENV: Readonly<Record<string, string>> = { GIT_CONFIG_GLOBAL: '/dev/null' };

/** A fetch of one commit or a worktree of a large repository: minutes, not hours. */
const GIT_TIMEOUT_MS = 30 * 60_000;

interface Identity {
  dev: number;
  ino: number;
}

/** Repositories held before the code ran beside them (holdRepository): the identity of each path git reads there. */
const held = new Map<string, Map<string, Identity>>();

const identity = (path: string): Identity | undefined => {
  try {
    const s = lstatSync(path);
    return { dev: s.dev, ino: s.ino };
  } catch {
    return undefined;
  }
};

/**
 * Repositories closed to git (closeRepository): the pull request's code has run beside them, so what
 * git would read there (config, objects, refs, alternates) may be the code's.
 */
const closed = new Set<string>();

/**
 * The directories git uses for the repository at `root` (its git directory and common directory,
 * absolute: elsewhere when .git is a file, a worktree's or a submodule's), asked before any code ran.
 */
export function gitDirectories(root: string): string[] {
  const r = git(root, ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir']);
  return r.ok ? [...new Set(r.out.split('\n').filter(Boolean))] : [];
}

/**
 * Every git command in the repository at `root` (the CI's checkout) is made before the first of the
 * code runs; from then on, git there is a bug, refused. Root's git
 * thus never reads what the code could have written (a filter in .git/config, a loose object through
 * alternates, a repository swapped in at the checkout's path): no lock has to hold for that.
 */
export function closeRepository(root: string): void {
  closed.add(resolve(root));
}

function refuseClosed(repo: string): void {
  const at = resolve(repo);
  for (const root of closed)
    if (at === root || at.startsWith(`${root}${sep}`))
      throw new Error(`git ran in ${root} after the code did: every git command there belongs before the first run (vcs/git.ts closeRepository)`);
}

/**
 * A repository bisect checks commits out of while the code runs beside it (untrusted/lock-checkout.ts
 * locks it first): its root, its .git and the directories git uses, as they are now. git then runs in it, or
 * below it, only while those paths still lead to them: code that moved the checkout or its git
 * directory (through a directory above that it could write) and put its own repository at its path,
 * with a filter root's git would run, stops the job instead.
 */
export function holdRepository(root: string, gitDirs: readonly string[]): void {
  const at = resolve(root);
  const paths = new Map<string, Identity>();
  for (const path of [at, join(at, '.git'), ...gitDirs]) {
    const id = identity(path);
    if (id) paths.set(path, id);
  }
  held.set(at, paths);
}

function refuseMovedRepository(repo: string): void {
  const at = resolve(repo);
  for (const [root, paths] of held) {
    if (at !== root && !at.startsWith(`${root}${sep}`)) continue;
    for (const [path, was] of paths) {
      const now = identity(path);
      if (now?.dev !== was.dev || now.ino !== was.ino)
        throw new CgBenchError(
          `the repository ${root}: ${path} was moved or replaced while the code ran: git is not run there (a repository put in its place could run its own filters)`,
        );
    }
  }
}

/** git with SAFE_GIT_OPTIONS and SAFE_GIT_ENV (and no per-user file the code could have written): for a repository whose content cg-bench does not trust. */
export function git(repo: string, args: string[], env: Record<string, string> = {}): { ok: boolean; out: string; err: string } {
  refuseClosed(repo);
  refuseMovedRepository(repo);
  const caller = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const userFiles = callerGitFilesTrusted(process.env);
  const r = runProcessSync({
    argv: [ownProgram('git'), ...SAFE_GIT_OPTIONS, ...(userFiles ? [] : NO_USER_FILES_OPTIONS), ...args],
    cwd: repo,
    env: { ...caller, ...SAFE_GIT_ENV, ...(userFiles ? {} : NO_USER_FILES_ENV), ...env },
    timeoutMs: GIT_TIMEOUT_MS,
    output: 'capture',
  });
  const why = r.timedOut ? `git ${args[0]} timed out after ${GIT_TIMEOUT_MS / 60_000} min` : r.spawnError;
  return { ok: r.exitCode === 0, out: r.stdout, err: (r.stderr || why || '').trim() };
}

/**
 * Credentials for a fetch from `server`, as git configuration in its environment: never on a command
 * line (other processes read those) nor in .git/config (where actions/checkout leaves its token unless
 * `persist-credentials: false`, readable by everything that runs in the checkout).
 */
export function fetchCredentials(server: string, token: string | undefined): Record<string, string> {
  if (!token) return {};
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `http.${server.replace(/\/*$/, '/')}.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`,
  };
}

/** Makes sure a commit is present, fetching just it (shallow checkouts lack the base). */
export function ensureCommit(repo: string, sha: string, credentials: Record<string, string> = {}): boolean {
  if (git(repo, ['cat-file', '-e', `${sha}^{commit}`]).ok) return true;
  git(repo, ['fetch', '--no-tags', '--depth=1', 'origin', sha], credentials);
  return git(repo, ['cat-file', '-e', `${sha}^{commit}`]).ok;
}

/** A file's text at a commit, or undefined when it does not exist there. */
export function fileAt(repo: string, sha: string, path: string): string | undefined {
  const r = git(repo, ['show', `${sha}:${path.replace(/^\.\//, '')}`]);
  return r.ok ? r.out : undefined;
}

export function mergeBaseLocal(repo: string, a: string, b: string): string | undefined {
  const r = git(repo, ['merge-base', a, b]);
  const sha = r.out.trim();
  return r.ok && /^[0-9a-f]{40}$/.test(sha) ? sha : undefined;
}

/** The administrative directory (in the repository's .git/worktrees) of each worktree made here, by its path. */
const worktreeAdmin = new Map<string, string>();

export function addWorktree(repo: string, dir: string, sha: string): void {
  // A base checkout's tree is the code's build: removed at any depth, no link followed, checked gone (remove.ts).
  removeTrees([dir], 'the base checkout');
  // --force: a worktree registered at this path whose directory is gone (a killed run's) is replaced.
  // No `git worktree prune`: it forgets every worktree whose directory this machine does not see, as
  // the user's siblings of a checkout mounted alone in the image (bisect there broke them).
  const r = git(repo, ['worktree', 'add', '--force', '--detach', dir, sha]);
  if (!r.ok) throw new Error(`git worktree add ${sha}: ${r.err}`);
  // As git wrote it, before any code ran in the tree (its .git file is then the code's to rewrite).
  const pointer = /^gitdir: (.+)$/m.exec(readTextBounded(join(dir, '.git'), 64 * 1024, "the worktree's .git file"));
  if (pointer) worktreeAdmin.set(resolve(dir), resolve(dir, pointer[1]!));
}

/**
 * Removes a worktree addWorktree made: its tree as addWorktree removes it, then its entry in the
 * repository, as git named it before the code ran. Not `git worktree remove`, which reads the
 * worktree's .git file (the code could lead git elsewhere), nor `prune` (addWorktree says why).
 */
export function removeWorktree(dir: string): void {
  const admin = worktreeAdmin.get(resolve(dir));
  worktreeAdmin.delete(resolve(dir));
  try {
    removeTrees(admin ? [dir, admin] : [dir], 'the base checkout');
  } catch {
    // Left: the next addWorktree at this path removes it or stops, naming it.
  }
}

/**
 * The parents of the checked-out commit (two for a merge commit), as the commit object names them.
 * Not `rev-list --parents`: in a shallow clone (actions/checkout fetches the merge ref with
 * --depth=1, GitLab clones with GIT_DEPTH) the shallow boundary hides every parent from it, while
 * the commit object still names them all.
 */
export function headParents(repo: string): string[] {
  const r = git(repo, ['cat-file', 'commit', 'HEAD']);
  if (!r.ok) return [];
  const header = r.out.split('\n\n')[0] ?? '';
  return [...header.matchAll(/^parent ([0-9a-f]{40,64})$/gm)].map((m) => m[1]!);
}

/** The checked-out commit. */
export function headCommit(repo: string): string | undefined {
  const r = git(repo, ['rev-parse', 'HEAD']);
  const sha = r.out.trim();
  return r.ok && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}
