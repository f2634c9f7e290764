/** The sandbox's probes: whether an argv of namespaces works here, tried again on a loaded machine. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ownProgramsEnv, SHARED_TMP_DIRS } from './environment.ts';
import { removeAsOwners } from './remove.ts';
import { PRIVATE_TMP_NAME } from './shared-places.ts';
import { HOSTNAME_REFUSED, KEPT_END } from './view.ts';

/**
 * What unshare says (in C's words) when a refusal no retry changes stopped it:
 * - the unshare(2) call itself refused (EPERM): a seccomp filter (Docker's default profile), a sysctl
 *   or an LSM, never the load, whose refusals are other errors (ENOSPC at the namespace limit,
 *   ENOMEM) or timeouts;
 * - a new procfs refused: a container engine masks parts of its /proc (/proc/kcore, /proc/sys
 *   read-only, …), and a new one would show what they hide.
 */
const UNSHARE_REFUSALS = [/^unshare: unshare failed: Operation not permitted$/m, /mount \/proc failed/];

/**
 * A probe may time out or fail on a loaded machine (a namespace made while hundreds of others are):
 * it is tried this many times, with a pause that grows, before a seal is given up.
 */
export const PROBE_ATTEMPTS = 4;
export const PROBE_TIMEOUT_MS = 20_000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** What a try of a probe says when no further try can change its answer (a refusal: answerOnce). */
const FINAL_NO = 'final-no';

/**
 * A probe's answer from one try: FINAL_NO for a refusal no retry changes, unshare's
 * (UNSHARE_REFUSALS) or the fixed host name's (HOSTNAME_REFUSED: sethostname fails only for a
 * missing capability or a seccomp filter, as in a container not started with --hostname cg-bench).
 * A no is never kept, so retrying these would cost every run there its pauses.
 */
function answerOnce(argv: string[]): boolean | typeof FINAL_NO {
  const once = probeOnce(argv);
  if (once.works) return true;
  const final = UNSHARE_REFUSALS.some((refusal) => refusal.test(once.stderr)) || once.status === HOSTNAME_REFUSED;
  return final ? FINAL_NO : false;
}

/**
 * A probe that says yes as soon as one of `attempts` tries works, pausing `pauseMs` × the try between
 * them; no more tries after one says FINAL_NO.
 */
export function retrying(probe: (argv: string[]) => boolean | typeof FINAL_NO, attempts = PROBE_ATTEMPTS, pauseMs = 250): (argv: string[]) => boolean {
  return (argv) => {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const answer = probe(argv);
      if (answer === true) return true;
      if (answer === FINAL_NO) return false;
      if (attempt < attempts && pauseMs > 0) pause(pauseMs * attempt);
    }
    return false;
  };
}

/** Runs a probe once: whether it worked, its exit status and what it said on stderr. */
function probeOnce(argv: string[]): { works: boolean; status: number | null; stderr: string } {
  // In C's words: a refusal in the caller's language (LANG=de_DE) matched none of UNSHARE_REFUSALS, and was tried 4 times.
  const env = ownProgramsEnv();
  const r = spawnSync(argv[0]!, [...argv.slice(1), 'true'], { encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe'], timeout: PROBE_TIMEOUT_MS });
  if (r.pid && argv.includes(KEPT_END)) probedViews.push(r.pid);
  return { works: r.status === 0, status: r.status, stderr: r.stderr ?? '' };
}

/** Whether `argv` works, tried again while a try can change the answer (retrying, answerOnce). */
export const probeRetried = retrying(answerOnce);

/** The view shells of probes whose private temporary directories are not removed yet (removeProbeTmp). */
const probedViews: number[] = [];

/**
 * Removes the private temporary directories the probes of views made: each view's shell is the
 * process spawned (taskset, setpriv and the view's unshare exec, none forks), so they are named by
 * its pid. All of a sandbox's at once, when it is made: one removal (setpriv and rm) instead of one
 * per probe. Without this, a command that only probes (`cg-bench env`, the CI fingerprint) left them
 * until the next run's endStrays swept them.
 */
export function removeProbeTmp(): void {
  const pids = probedViews.splice(0);
  if (!pids.length) return;
  removeAsOwners(SHARED_TMP_DIRS.flatMap((dir) => privateTmpOf(dir, pids)));
}

/** The private temporary directories in `dir` of the view shells `pids`. */
function privateTmpOf(dir: string, pids: readonly number[]): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => pids.some((pid) => name.startsWith(`${PRIVATE_TMP_NAME}.${pid}.`)))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

const probed = new Map<string, boolean>();
/** `probe`, asked once per argv in this process. */
function cached(probe: (argv: string[]) => boolean): (argv: string[]) => boolean {
  return (argv) => {
    const key = argv.join('\0');
    if (!probed.has(key)) probed.set(key, probe(argv));
    return probed.get(key)!;
  };
}
export const worksCached = cached(probeRetried);
