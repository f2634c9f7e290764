import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  fchmodSync,
  fchownSync,
  constants as fsConstants,
  existsSync,
  fstatSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  type Stats,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { arch, hostname } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { MAX_PROFILE_BYTES } from '../parse/cachegrind.ts';
import { FIXED_HOSTNAME } from '../util/fixed-hostname.ts';
import { probeCacheFile } from '../results/probe-cache.ts';
import type { Seal } from '../results/types.ts';
import { Command } from './command.ts';
import { ENTROPY_SEAL_X86_64 } from './entropy-seal.ts';
import { ownProgram, ownProgramsEnv, ownTmpdir, SHARED_TMP_DIRS } from './environment.ts';
import { keptProbe, keptProbesStillWork } from './kept-probes.ts';
import { readBytesBounded } from './read.ts';
import { asId, removeAsOwners } from './remove.ts';
import { holdKeptDirectory, replaceKeptFile } from './write.ts';

/**
 * Setup commands and benchmarks are pull-request code. What keeps them from the caller's secrets:
 *
 * - as root (GitLab's docker executor, a `container:` job), they run as another uid, so they cannot
 *   read an ancestor's /proc/PID/environ or cmdline (the kernel allows that to the same uid only),
 *   nor root's files; without capabilities and with no_new_privs;
 * - without network (a network namespace of their own) unless the configuration says `network: true`
 *   (`setup-network: true`: setup commands keep the network, benchmarks still have their own namespace);
 * - setup commands get an allow-listed environment, never the caller's whole one.
 *
 * When cg-bench is not root it cannot change uid: the caller's environment must then hold no token
 * (measure in a job that has none; see the README's SECURITY section). `notes` says which applies.
 */

/** nobody: the uid pull-request code runs as when cg-bench is root and root owns the workspace. */
export const UNTRUSTED_ID = 65534;

export interface Sandbox {
  /** The uid/gid the code runs as, when cg-bench switches to it (it is root); else undefined. */
  user: { uid: number; gid: number } | undefined;
  /** The code has a network namespace of its own (no network). */
  isolatedNetwork: boolean;
  /** The code has a pid namespace of its own: its pids start at 1. */
  isolatedPids: boolean;
  /**
   * The CPUs a measured run is pinned to, one per job (the job's index modulo their number), when the
   * measured code sees one CPU (its affinity and the /sys CPU lists); undefined: it sees the host's.
   */
  oneCpu?: readonly number[];
  /** Goes before a setup command's argv (through sandboxedCommand(): a view's takes cg-bench's own paths for the run before HANDED_START, those its argv names before KEPT_END). */
  prefix: string[];
  /**
   * Goes before a benchmark's argv (its warm-up and measured run): as `prefix`, but in the user
   * namespace the code's uid and gid, and the owner of every file it sees, are the overflow ids.
   */
  measuredPrefix: string[];
  /** What a measured run is sealed by, for results.json (all but Python's resets, which are per benchmark). */
  seal: Omit<Seal, 'pythonResets'>;
  /** For the log: what protects the caller and what does not. */
  notes: string[];
  /**
   * Without a pid namespace, the uid (the sandbox's own, which nothing else ran as when the sandbox
   * was made) whose every process is killed after the setup commands and after the benchmarks
   * (endStrays): a daemon they start with setsid and a double fork does not outlive the run.
   */
  strays?: { uid: number; gid: number };
}

function truthy(value: string | undefined): boolean {
  return Boolean(value) && value !== '0' && value !== 'false';
}

/**
 * Whom cg-bench (as root) runs the code as: CG_BENCH_RUN_AS (uid:gid, or "root" to keep root, which
 * is unsafe with secrets around) when the caller sets it; else the owner of the configuration
 * directory, who can build there; else, in CI (CI, GITLAB_CI or GITHUB_ACTIONS set), nobody, so a job
 * running as root never hands its environment to pull-request code; else (root's own checkout on
 * root's own machine) root.
 */
export function untrustedUser(root: string, env: NodeJS.ProcessEnv, ownCopy = false): Sandbox['user'] {
  const asked = env['CG_BENCH_RUN_AS']?.trim();
  if (asked === 'root') return undefined;
  if (asked) {
    const match = /^(\d+):(\d+)$/.exec(asked);
    if (!match) throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)}: write uid:gid (e.g. 65534:65534), or root`);
    // uid 0 is root under another name: its processes are cg-bench's own and the machine's, none of
    // which cg-bench could tell from the code's (the seal then failed, blaming the pid namespace).
    if (Number(match[1]) === 0)
      throw new CgBenchError(
        `CG_BENCH_RUN_AS=${JSON.stringify(asked)} names uid 0, root: name a uid that runs nothing else (e.g. 65534:65534), or write root to keep the code as root (it can then read cg-bench's environment)`,
      );
    // setpriv takes 4294967295, (uid_t)-1, as "leave unchanged": the code kept root's real uid.
    if (match.slice(1).some((id) => Number(id) >= 4294967295))
      throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)}: each id must be below 4294967295 (which means "unchanged" to the kernel)`);
    // Root's group reads what only root's group may (a root:root 0640 file).
    if (Number(match[2]) === 0)
      throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)} names gid 0, root's group: name a gid of its own (e.g. 65534:65534)`);
    return { uid: Number(match[1]), gid: Number(match[2]) };
  }
  const owner = statSync(root);
  if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  // A copy cg-bench made and gives away can go to nobody; the user's own root-owned checkout cannot
  // (nobody could not even enter it): there root stays root, with a note, unless CG_BENCH_RUN_AS says.
  if (ownCopy && ['CI', 'GITLAB_CI', 'GITHUB_ACTIONS'].some((name) => truthy(env[name]))) return { uid: UNTRUSTED_ID, gid: UNTRUSTED_ID };
  return undefined;
}

/** No isolation at all: for tests and callers that run trusted commands. */
/** The init of a benchmark's pid namespace: runs its arguments, exits with their status. */
export const BENCHMARK_PID_IN_NAMESPACE = 2;

const PID_NAMESPACE_INIT: readonly string[] = ['/bin/sh', '-c', '"$@"; exit $?', 'cg-bench-init'];

/**
 * unshare's options for a pid namespace, with `proc` a procfs of its own mounted over /proc (in a
 * mount namespace of the same user namespace, before the init runs): without it the code saw the
 * machine's /proc, every process listed (158 in one run) with its command line, and its own pid as
 * the machine numbers it (1423), not as its namespace does.
 */
function pidNamespace(proc: boolean): string[] {
  return ['--pid', '--fork', '--kill-child', ...(proc ? ['--mount-proc'] : [])];
}

/**
 * What unshare says when the kernel refuses a new procfs: a container engine masks parts of its /proc
 * (/proc/kcore, /proc/sys read-only, …), and a new one would show what they hide. No retry changes that.
 */
const PROC_REFUSED = 'mount /proc failed';

/**
 * What a measured run sees of the CPUs when the sandbox gives it one: the /sys lists read "0" and
 * its affinity holds one CPU. The fingerprint records this instead of the host's lists.
 */
export const ONE_CPU_VIEW = { cpusOnline: '0', cpusPossible: '0', affinity: 1 } as const;

/** The /sys files a measured run sees as "0": glibc's get_nprocs (sysconf) and get_nprocs_conf read them. */
export const CPU_LIST_FILES: readonly string[] = ['online', 'possible', 'present'].map((f) => `/sys/devices/system/cpu/${f}`);

/** Pure: a kernel CPU list ("0-3,8-11") as CPU numbers; [] when it cannot be read. */
export function parseCpuList(text: string): number[] {
  const cpus: number[] = [];
  for (const part of text.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return [];
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/** The CPUs this process may run on (its affinity), from /proc/self/status. */
function allowedCpus(): number[] {
  try {
    const line = /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return line ? parseCpuList(line[1]!) : [];
  } catch {
    return [];
  }
}

/** The size of the fixed entropy stream /dev/urandom and /dev/random read as: more than programs ask for at start. */
const ENTROPY_BYTES = 1 << 20;

/**
 * The fixed entropy stream: SHA-256 in counter mode over a fixed label, so that every run, every
 * cg-bench and every host reads the same bytes, and no two blocks repeat (OpenSSL's continuous
 * test refuses a stream of zeros).
 */
export function fixedEntropy(size = ENTROPY_BYTES): Buffer {
  const out = Buffer.alloc(size);
  for (let block = 0, at = 0; at < size; block++, at += 32) createHash('sha256').update(`cg-bench fixed entropy ${block}`).digest().copy(out, at);
  return out;
}

/** SHA-256 of fixedEntropy(): a kept copy is used only when it is exactly these bytes. */
export const FIXED_ENTROPY_SHA256 = '359f9af6d81290ede7e1ac7b3f170f682d6cf5547ff7054ce83e828ed41a5d2f';

/** Where the stream is kept: beside the probe cache (none when that is off), named by its hash. */
export function keptEntropyFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const probes = probeCacheFile(env);
  return probes === undefined ? undefined : join(dirname(probes), `entropy-${FIXED_ENTROPY_SHA256.slice(0, 16)}`);
}

/**
 * The fixed entropy stream, from the copy kept in `file` when it is ours, written by no one else and
 * has the stream's hash (1 ms); otherwise made (32,768 SHA-256 blocks: 0.15-0.4 s CPU, most of
 * what a run cost before its first benchmark) and kept for the next run. A damaged or planted copy
 * is never used: it is made again and replaced. No `file` (the probe cache off): made every time.
 */
export function keptFixedEntropy(file: string | undefined, make: () => Buffer = fixedEntropy): Buffer {
  // Kept only in a directory no one else can change (the writer gate), read and written through it.
  const dir = file === undefined ? undefined : holdKeptDirectory(dirname(file));
  if (file === undefined || dir === undefined) return make();
  try {
    const held = join(dir.path, basename(file));
    try {
      const s = lstatSync(held);
      const ours = typeof process.getuid !== 'function' || s.uid === process.getuid();
      if (s.isFile() && ours && (s.mode & 0o022) === 0 && s.size === ENTROPY_BYTES) {
        const kept = readBytesBounded(held, ENTROPY_BYTES, 'kept entropy');
        if (createHash('sha256').update(kept).digest('hex') === FIXED_ENTROPY_SHA256) return kept;
      }
    } catch {
      // Missing or unreadable: made below.
    }
    const made = make();
    try {
      replaceKeptFile(dir, basename(file), made);
    } catch {
      // A read-only home or a full disk: the next run makes it again.
    }
    return made;
  } finally {
    dir.release();
  }
}

interface SealFiles {
  /** "0\n", bound over the /sys CPU lists. */
  oneCpu: string;
  /** The fixed entropy stream, bound over /dev/urandom and /dev/random. */
  entropy: string;
  /** The entropy seal program (entropy-seal.c), on x86-64 only. */
  entropySeal: string | undefined;
}

/**
 * Where cg-bench makes what it hands runs in TMPDIR (the seal files, Valgrind's staging directories):
 * one directory of a fixed name, made as the homes directory is (sharedHomesDirectory), so that a
 * run's private /tmp, which shows the paths bound back into it, holds the same names at its top on
 * every run. mkdtemp's random names there moved the count of `ls /tmp` (872,697, 872,855 and
 * 872,735 cycles in three runs).
 */
function runsDirectory(): string {
  const dir = runsDirectoryPath();
  sharedHomesDirectory(dir);
  return dir;
}

/** By its real path (ownTmpdir): a view covers it there (runsCover), and a link to it is no way around that. */
function runsDirectoryPath(): string {
  return join(ownTmpdir(), 'cg-bench-runs');
}

/**
 * The runs directory when it lies outside SHARED_TMP_DIRS (cg-bench's TMPDIR elsewhere: a CI's
 * $RUNNER_TEMP, /run/user/0), where no private /tmp covers it: a view then binds an empty directory
 * of its own over it, with only its run's paths bound back (privateTmpScript). Before, every run
 * there saw every other run's staging directory, all of one uid, and wrote into it: with --jobs 2 a
 * benchmark planted a profile in the other's (882,054 -> 1,000,882,054 cycles), under `seal.tmp: private`.
 */
function runsCover(): string | undefined {
  const runs = runsDirectoryPath();
  return SHARED_TMP_DIRS.some((dir) => runs.startsWith(`${dir}/`)) ? undefined : runs;
}

let sealFiles: SealFiles | undefined;
/** The files the sealed view binds or runs, readable by anyone (the code may run as nobody); removed at exit. */
function sealFilesOnce(): SealFiles {
  if (sealFiles) return sealFiles;
  const dir = mkdtempSync(join(runsDirectory(), 'seal-'));
  chmodSync(dir, 0o755);
  const oneCpu = join(dir, 'one-cpu');
  writeFileSync(oneCpu, '0\n', { mode: 0o444 });
  const entropy = join(dir, 'entropy');
  writeFileSync(entropy, keptFixedEntropy(keptEntropyFile()), { mode: 0o444 });
  let entropySeal: string | undefined;
  if (arch() === 'x64') {
    entropySeal = join(dir, 'entropy-seal');
    writeFileSync(entropySeal, ENTROPY_SEAL_X86_64, { mode: 0o555 });
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  sealFiles = { oneCpu, entropy, entropySeal };
  return sealFiles;
}

/** The random devices a measured run reads the fixed entropy stream from. */
export const RANDOM_DEVICES: readonly string[] = ['/dev/urandom', '/dev/random'];

/** Ends the paths a view binds back into its private temporary directories: sandboxedCommand() adds a run's own before it. */
export const KEPT_END = 'cg-bench-kept-end';

/**
 * A run's private temporary directories are `<dir>/<this>.<the view shell's pid>.<random>` in each of
 * SHARED_TMP_DIRS (mktemp: a name another uid made first for a pid it foresaw, a directory, a link
 * or a FIFO, is passed over, never followed nor a reason to fail the run), bound over it: directories, not a tmpfs each, because a new file system takes an
 * anonymous device number and gives it back only some time after the run, so the next container's
 * root got another one, and Python's counts depend on the device numbers it reads (two runs of the
 * image differed). endStrays removes them once a phase's runs have ended.
 */
const PRIVATE_TMP_NAME = `.cg-bench-private-${process.pid}`;
/**
 * What is bound over the shared directory: `tmp` (mode 1777, as /tmp) in the private directory, which
 * is 0700, the code's uid's own. Bound directly (1777 itself), any uid of the machine could write into
 * a running benchmark's /tmp through the shared one's entry for it.
 */
const PRIVATE_TMP_INNER = 'tmp';

/** Ends cg-bench's own paths among those a view binds back; the paths the run is handed follow it (handedProblem). */
export const HANDED_START = 'cg-bench-handed';

/**
 * The directories in the shared ones that hold other runs' (other jobs', other cg-bench processes')
 * directories: Valgrind's staging and the seal files (runsDirectory), the benchmarks' homes. Bound
 * back whole, a benchmark handed one of them (or a directory above) read the other job's staging.
 */
function reservedDirectories(): string[] {
  return [...new Set([runsDirectoryPath(), HOMES_DIR].flatMap((dir) => [dir, realOrGiven(dir)]))];
}

/** Where the benchmarks' private homes are made (run/private-home.ts): one directory of each benchmark's, beneath. */
export const HOMES_DIR = '/tmp/cg-bench-home';

/** The variables a view binds back into the run's private temporary directories, and whether each is a list (":"). */
export const HANDED_VARIABLES: Readonly<Record<string, boolean>> = { HOME: false, TMPDIR: false, PATH: true, PYTHONPATH: true };

/**
 * Why a path a run is handed (its working directory, a HANDED_VARIABLES entry, an argument) would not
 * be bound back into its private temporary directories, as privateTmpScript decides; undefined: it is,
 * or it is narrowed to an empty private directory (one of reservedDirectories() or a directory above,
 * given as anything but the working directory), or it lies outside them. A pull request writes these:
 * said before anything runs, not found missing in the run. The working directory is entered by its
 * real path, before the view covers anything: where runsCover() covers the runs directory, a working
 * directory in it, or reached through a link into a shared one, is checked by that path too.
 */
export function handedPathProblem(given: string, workingDirectory = false): string | undefined {
  const path = given.length > 1 ? given.replace(/\/+$/, '') : given;
  const real = realOrGiven(path);
  const shared = (at: string) => SHARED_TMP_DIRS.some((dir) => at.startsWith(`${dir}/`));
  const cover = runsCover();
  const covered = (at: string) => cover !== undefined && (at === cover || at.startsWith(`${cover}/`));
  if (!shared(path) && !covered(path) && !covered(real) && !(workingDirectory && shared(real))) return undefined;
  if (shared(path) && /\/\/|\/\.\.?(?:\/|$)/.test(path)) return `is not written plainly (".", ".." or "//"): the view binds back only ${join(path)} written so`;
  for (const at of new Set([path, real])) {
    const linked = at !== path;
    // Not where the link leads: root resolved it, and the code's uid may not be able to (review r12).
    const where = linked ? ' (through a link)' : '';
    if (SHARED_TMP_DIRS.some((dir) => at.startsWith(`${dir}/.cg-bench-private-`))) return `lies${where} in another run's private temporary directory`;
    for (const reserved of reservedDirectories()) {
      if ((at === reserved || reserved.startsWith(`${at}/`)) && (workingDirectory || linked))
        return `is${where} ${at === reserved ? '' : 'a directory above '}${reserved}, where cg-bench keeps other runs' directories (other jobs' Valgrind output, other benchmarks' homes)`;
      if (at.startsWith(`${reserved}/`))
        return `lies${where} in ${reserved}, where cg-bench keeps other runs' directories; a benchmark's own HOME and TMPDIR are its default ones`;
    }
  }
  return undefined;
}

/** The name of a view's mount table in its first private directory, beside `tmp`. */
const MOUNT_TABLE = 'mounts';

/** A path as a field of a mount table (fstab): blanks and backslashes as octal escapes. */
function mountTableField(path: string): string {
  return path.replace(/[\s\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

/** A shell word: `text` single-quoted. */
function shellWord(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/**
 * Run by the view's shell, as the root of its user namespace (its mount namespace is the run's own),
 * before it execs the code: opens each of SHARED_TMP_DIRS (fds 7, 8, 9), binds a new empty
 * directory made in it (PRIVATE_TMP_NAME) over it, so that what another run left there (the head's
 * setup, the previous benchmark, another job) is not seen and what this run leaves is removed with
 * that directory; then binds back, from the covered originals (through the open fds), the paths
 * that lie there: first cg-bench's own for this run (the shell's arguments up to HANDED_START: the
 * project, the seal files, Valgrind's staging, the benchmark's HOME), then those the run is handed,
 * which a pull request writes: its working directory (through /proc/self/cwd: a directory under one
 * the code's uid may not search, as a mkdtemp one, is its working directory all the same), HOME,
 * TMPDIR, the entries of PATH and PYTHONPATH, and the arguments up to KEPT_END (the paths its
 * command names). A handed path is not bound when it is, lies above or inside one of
 * reservedDirectories() or another run's private directory, is not written plainly (".", "..",
 * "//"), or is reached through a link in the shared directory: what lies inside the run's own is
 * seen through them, and nothing of another run's is bound. A handed file is bound over an empty
 * one made for it, never over what a bound parent shows. The check for links and the mount are two
 * steps: a handed directory is bound as the directory a subshell entered (cd -P) once the kernel
 * names it (getcwd) as handed, so a link swapped in between is not followed; a handed file is bound
 * from its directory entered so, and checked after (not a link, the same file), which leaves only
 * the instant between those two tests (the shell has no lstat of a file's identity). The mounts are made with the code's own
 * rights (this root is its uid outside): they show it nothing it could not read before. The shell
 * then closes the fds and re-enters its working directory in the new view (its ".." is then the
 * private directory; one the code may not search is kept as it is). The shell's environment is
 * cg-bench's fixed one: it reads the code's working directory, HOME, TMPDIR, PATH and PYTHONPATH
 * from _CGB_ variables (sandboxedCommand), and the code gets its own environment from `env -i`,
 * whatever the shell did to its own.
 */
function privateTmpScript(reserved: readonly string[], sealBinds: readonly (readonly [string, string])[], runs: string | undefined): string {
  // The runs directory outside the shared ones (runsCover): opened as fd 6, covered by `runs` in the
  // first private directory, and cg-bench's own paths there bound back from fd 6 as from fds 7-9.
  const fromRuns = (then: string, indent = '  ') => (runs === undefined ? [] : [`${indent}"$_cgb_rd"/*) ${then} ;;`]);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
  const runsRest = '${1#"$_cgb_rd"/}';
  return [
    '_cgb_keep() {',
    ' case $1 in',
    ...fromRuns(`_cgb_from=/proc/self/fd/6/${runsRest}`),
    ...SHARED_TMP_DIRS.map((dir, i) => `  ${dir}/*) _cgb_from=/proc/self/fd/${7 + i}/\${1#${dir}/} ;;`),
    '  *) return 0 ;;',
    ' esac;',
    // The working directory from /proc/self/cwd: the code's uid may hold it without being allowed to reach it by its path.
    ' [ -n "$2" ] && _cgb_from=$2;',
    ' if [ -d "$_cgb_from" ]; then [ -d "$1" ] || mkdir -p "$1" || exit 125;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' elif [ -e "$_cgb_from" ] && [ ! -e "$1" ]; then mkdir -p "${1%/*}" && : >"$1" || exit 125;',
    ' else return 0; fi;',
    ' mount --no-canonicalize --bind "$_cgb_from" "$1" || exit 125;',
    '}',
    // A handed path ($1; the working directory's source $2): trailing slashes dropped, then bound only if plain and no other run's.
    '_cgb_handed() {',
    ' _cgb_path=$1;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' while :; do case $_cgb_path in ?*/) _cgb_path=${_cgb_path%/} ;; *) break ;; esac; done;',
    ' case $_cgb_path in *//* | */./* | */../* | */. | */..) return 0 ;; esac;',
    ' case $_cgb_path in',
    ...SHARED_TMP_DIRS.map(
      (dir, i) => `  ${dir}/.cg-bench-private-*) return 0 ;;
  ${dir}/*) _cgb_at=/proc/self/fd/${7 + i} _cgb_rest=\${_cgb_path#${dir}/} _cgb_want=${shellWord(realOrGiven(dir))}/\${_cgb_path#${dir}/} ;;`,
    ),
    '  *) return 0 ;;',
    ' esac;',
    // One of them or a directory above: narrowed to an empty private directory (the run's own beneath
    // it are bound already), never the working directory (the view then fails: nothing is re-entered).
    ` for _cgb_r in ${reserved.map(shellWord).join(' ')}; do`,
    '  case $_cgb_r/ in "$_cgb_path"/*) [ -n "$2" ] && return 0; [ -d "$_cgb_path" ] || mkdir -p "$_cgb_path" || exit 125; return 0 ;; esac;',
    '  case $_cgb_path in "$_cgb_r"/*) return 0 ;; esac;',
    ' done;',
    // The working directory: from the shell's own, entered by a checked descriptor (runProcess).
    ' [ -n "$2" ] && { _cgb_keep "$_cgb_path" "$2"; return 0; };',
    // Through a link in the shared directory, a name the run handed could lead anywhere there.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' while [ -n "$_cgb_rest" ]; do _cgb_at=$_cgb_at/${_cgb_rest%%/*}; [ -L "$_cgb_at" ] && return 0; case $_cgb_rest in */*) _cgb_rest=${_cgb_rest#*/} ;; *) _cgb_rest= ;; esac; done;',
    ' _cgb_from=$_cgb_at;',
    // A link swapped in after that check would still be followed by the mount: what is bound is the
    // directory a subshell entered (cd -P), once the kernel's name for it (getcwd: $PWD) is the path
    // handed, never one a link leads to; a file, from its directory entered so, is checked after.
    // A path that is not what it was (status 3) is not bound.
    ' if [ -d "$_cgb_from" ]; then [ -d "$_cgb_path" ] || mkdir -p "$_cgb_path" || exit 125;',
    '  ( cd -P -- "$_cgb_from" 2>/dev/null && [ "$PWD" = "$_cgb_want" ] || exit 3; exec mount --no-canonicalize --bind /proc/self/cwd "$_cgb_path" );',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' elif [ -e "$_cgb_from" ] && [ ! -e "$_cgb_path" ]; then mkdir -p "${_cgb_path%/*}" && : >"$_cgb_path" || exit 125; _cgb_name=${_cgb_path##*/};',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    '  ( cd -P -- "${_cgb_from%/*}" 2>/dev/null && [ "$PWD" = "${_cgb_want%/*}" ] && [ ! -L "$_cgb_name" ] || exit 3;',
    '   mount --no-canonicalize --bind "/proc/self/cwd/$_cgb_name" "$_cgb_path" && [ ! -L "$_cgb_name" ] && [ "$_cgb_path" -ef "$_cgb_name" ] || exit 125 );',
    ' else return 0; fi;',
    ' case $? in 0 | 3) ;; *) exit 125 ;; esac;',
    '}',
    // Each private directory by a mktemp of its own, their `tmp` by one mkdir (a process fewer per directory).
    `${SHARED_TMP_DIRS.map((_, i) => `_cgb_t${7 + i}=`).join(' ')}`,
    ...SHARED_TMP_DIRS.map(
      (dir, i) =>
        `if [ -d ${dir} ]; then exec ${7 + i}<${dir} && _cgb_t${7 + i}=$(mktemp -d /proc/self/fd/${7 + i}/${PRIVATE_TMP_NAME}.$$.XXXXXXXX)/${PRIVATE_TMP_INNER} || exit 125; fi`,
    ),
    `mkdir -m 1777 ${SHARED_TMP_DIRS.map((_, i) => `\${_cgb_t${7 + i}:+"$_cgb_t${7 + i}"}`).join(' ')} || exit 125`,
    // What the mount table and the runs directory's cover are made in: the first private directory.
    `_cgb_own=\${_cgb_t7:-\${_cgb_t8:-$_cgb_t9}}; _cgb_own=\${_cgb_own%/${PRIVATE_TMP_INNER}}`,
    ...(runs === undefined ? ['_cgb_runs='] : [`_cgb_rd=${shellWord(runs)}; exec 6<"$_cgb_rd" && _cgb_runs=$_cgb_own/runs && mkdir "$_cgb_runs" || exit 125`]),
    // cg-bench's own paths (up to HANDED_START) that are directories named plainly (no blank or
    // backslash, which a table would need escaped) go in the same table, their mount points made by
    // one `mkdir -p` in the private directories (a mkdir and a mount each before); the rest are
    // bound as before, after it. Scanned in a function, so the arguments stay for the loops below.
    '_cgb_dirs= _cgb_binds= _cgb_taken=',
    '_cgb_scan() {',
    ` while [ "$1" != ${HANDED_START} ]; do`,
    '  case $1 in *[[:space:]]* | *\\\\*) shift; continue ;; esac;',
    '  case $1 in',
    ...fromRuns(`_cgb_from=/proc/self/fd/6/${runsRest} _cgb_to=$_cgb_runs/${runsRest}`, '   '),
    ...SHARED_TMP_DIRS.map(
      (dir, i) => `   ${dir}/*) _cgb_from=/proc/self/fd/${7 + i}/\${1#${dir}/} _cgb_to=\${_cgb_t${7 + i}:+"$_cgb_t${7 + i}"/\${1#${dir}/}} ;;`,
    ),
    '   *) shift; continue ;;',
    '  esac;',
    '  if [ -n "$_cgb_to" ] && [ -d "$_cgb_from" ]; then',
    '   _cgb_dirs="$_cgb_dirs $_cgb_to"; _cgb_taken="$_cgb_taken $1 ";',
    '   _cgb_binds="$_cgb_binds$_cgb_from $1 none bind 0 0\n";',
    '  fi;',
    '  shift;',
    ' done;',
    '}',
    '_cgb_scan "$@"',
    // Plain names only: split on blanks, never globbed.
    'set -f',
    '[ -z "$_cgb_dirs" ] || mkdir -p $_cgb_dirs || exit 125',
    // The seal's binds, the private directories' and cg-bench's own paths in one table beside the
    // first private `tmp`, mounted by one `mount --all` (8 mount processes before).
    `_cgb_table=$_cgb_own/${MOUNT_TABLE}`,
    [
      '{',
      ...(sealBinds.length
        ? [`printf '%s\\n' ${sealBinds.map(([from, to]) => shellWord(`${mountTableField(from)} ${mountTableField(to)} none bind 0 0`)).join(' ')};`]
        : []),
      ...SHARED_TMP_DIRS.map((dir, i) => `[ -z "$_cgb_t${7 + i}" ] || printf '%s ${dir} none bind 0 0\\n' "$_cgb_t${7 + i}";`),
      ...(runs === undefined ? [] : [`printf '%s %s none bind 0 0\\n' "$_cgb_runs" ${shellWord(mountTableField(runs))};`]),
      'printf \'%s\' "$_cgb_binds";',
      '} >"$_cgb_table" || exit 125',
    ].join(' '),
    'mount --no-canonicalize --all --fstab "$_cgb_table" || exit 125',
    // mount --all passes over a line it cannot parse and still exits 0: each bind is checked (builtins only).
    ...SHARED_TMP_DIRS.map((dir, i) => `[ -z "$_cgb_t${7 + i}" ] || [ ${dir} -ef "$_cgb_t${7 + i}" ] || exit 125`),
    ...(runs === undefined ? [] : ['[ "$_cgb_rd" -ef "$_cgb_runs" ] || exit 125']),
    ...sealBinds.map(([, to]) => (CPU_LIST_FILES.includes(to) ? `read _cgb_x <${to} && [ "$_cgb_x" = 0 ] || exit 125` : `[ -f ${to} ] || exit 125`)),
    // Each of cg-bench's own paths the table bound shows what its path showed before.
    '_cgb_same() { case $1 in',
    ...fromRuns(`[ "$1" -ef /proc/self/fd/6/${runsRest} ]`),
    ...SHARED_TMP_DIRS.map((dir, i) => `  ${dir}/*) [ "$1" -ef /proc/self/fd/${7 + i}/\${1#${dir}/} ] ;;`),
    ' esac; }',
    'for _cgb_p in $_cgb_taken; do _cgb_same "$_cgb_p" || exit 125; done',
    'set +f',
    '_cgb_handed_list() {',
    ' _cgb_list=$1;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' while [ -n "$_cgb_list" ]; do _cgb_handed "${_cgb_list%%:*}"; case $_cgb_list in *:*) _cgb_list=${_cgb_list#*:} ;; *) _cgb_list= ;; esac; done;',
    '}',
    `while [ "$1" != ${HANDED_START} ]; do case $_cgb_taken in *" $1 "*) ;; *) _cgb_keep "$1" ;; esac; shift; done; shift`,
    // The code's values, from the _CGB_ variables sandboxedCommand sets: the shell's own environment is cg-bench's.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    '_cgb_here=${_CGB_PWD:-$PWD}; _cgb_handed "$_cgb_here" /proc/self/cwd; _cgb_handed "$_CGB_HOME"; _cgb_handed "$_CGB_TMPDIR"; _cgb_handed_list "$_CGB_PATH"; _cgb_handed_list "$_CGB_PYTHONPATH"',
    `while [ "$1" != ${KEPT_END} ]; do _cgb_handed "$1"; shift; done; shift`,
    `exec ${runs === undefined ? '' : '6<&- '}7<&- 8<&- 9<&-`,
    // Entered again only where a private directory now covers its path (elsewhere no mount does, and a
    // working directory below one the code's uid may not search, a checkout in a mkdtemp directory of
    // root's, could not be entered by its path: every view failed and the run lost its private ones).
    // One the code's uid may not search itself cannot be entered again: the run stays in it as it was,
    // and without search rights nothing is reached from it by "..".
    `_cgb_cd() { case $_cgb_here in ${SHARED_TMP_DIRS.map((dir) => `${dir}/*`).join(' | ')}) cd "$_cgb_here" 2>/dev/null || [ ! -x . ] || exit 125 ;; esac; }`,
    '_cgb_cd',
  ].join('\n');
}

/** Skips the paths up to KEPT_END: a view without private temporary directories. */
const SKIP_KEPT = `while [ "$1" != ${KEPT_END} ]; do shift; done; shift`;

/** What a view makes: "0" over the CPU lists, the fixed entropy over the random devices, private temporary directories. */
interface View {
  cpuLists: boolean;
  entropy: boolean;
  privateTmp: boolean;
  /** A procfs of the code's pid namespace's own over /proc (pidNamespace). */
  proc: boolean;
  /** A UTS namespace whose host name is FIXED_HOSTNAME: the machine's reached the count (uname, gethostname). */
  hostname: boolean;
}

/**
 * A run's namespaces when it gets a view: a user namespace whose root (cg-bench's uid outside) owns a
 * new mount namespace, binds "0" over the CPU lists (`cpuLists`) and the fixed entropy over the
 * random devices (`entropy`), mounts private temporary directories (`privateTmp`, binding back
 * `kept`), and execs the code's own namespaces, nested in it: a user namespace as `inner` (it cannot
 * undo the mounts) with, with `pid`, the pid namespace whose init is the shell, so the code is pid 2
 * as without the view. With `entropy`, the shell runs under the entropy seal (getrandom fails, so
 * libraries read the bound devices), and so does everything it starts.
 */
function viewPrefix(net: boolean, pid: boolean, inner: { uid: number; gid: number }, view: View, kept: readonly string[]): string[] {
  // Only a view that binds them needs the seal files (made once: the entropy stream costs up to 0.4 s).
  const files = view.cpuLists || view.entropy ? sealFilesOnce() : undefined;
  const sealBinds: [string, string][] = [
    ...(view.cpuLists && files ? CPU_LIST_FILES.map((f): [string, string] => [files.oneCpu, f]) : []),
    ...(view.entropy && files ? RANDOM_DEVICES.map((f): [string, string] => [files.entropy, f]) : []),
  ];
  // Made before any view that covers it runs: one made later, by another run, would be seen uncovered.
  const runs = view.privateTmp ? runsCover() : undefined;
  if (runs !== undefined) runsDirectory();
  // With private temporary directories, bound by the same table as they are (privateTmpScript).
  const binds = view.privateTmp ? [] : sealBinds.map(([from, to]) => `mount --bind ${shellWord(from)} ${to} || exit 125`);
  return [
    ownProgram('unshare'),
    '--user',
    '--map-user=0',
    '--map-group=0',
    '--mount',
    ...(view.hostname ? ['--uts'] : []),
    ...(net ? ['--net'] : []),
    '--',
    '/bin/sh',
    '-c',
    [
      ...(view.hostname ? [`hostname ${FIXED_HOSTNAME} || exit 125`] : []),
      ...binds,
      'shift 2',
      view.privateTmp ? privateTmpScript(reservedDirectories(), sealBinds, runs) : SKIP_KEPT,
      'exec "$@"',
    ].join('\n'),
    'cg-bench-sealed-view',
    files?.oneCpu ?? '-',
    files?.entropy ?? '-',
    // The seal files (the entropy seal runs from there) and what the caller hands every run (the project).
    ...(files ? [dirname(files.oneCpu)] : []),
    ...kept,
    HANDED_START,
    KEPT_END,
    ownProgram('unshare'),
    '--user',
    // SysV shared memory and message queues of its own: on the host's, what one run left (ipcmk) was
    // there for the next, whose count it moved (4,165,319 -> 4,354,867 cycles; ASCII: a comment here stays in the bundle, and one non-ASCII character makes V8 hold all of it as two-byte text), and outlived it.
    '--ipc',
    `--map-user=${inner.uid}`,
    `--map-group=${inner.gid}`,
    ...(pid ? pidNamespace(view.proc) : []),
    '--',
    ...(view.entropy && files?.entropySeal ? [files.entropySeal] : []),
    ...(pid ? PID_NAMESPACE_INIT : []),
  ];
}

/** The real path of `path`, or `path` itself when it cannot be resolved. */
function realOrGiven(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Nothing sealed: what a measured run gets without any namespace. */
const UNSEALED: Sandbox['seal'] = {
  pids: 'host',
  ids: 'host',
  network: 'host',
  cpus: 'host',
  entropy: 'os',
  tmp: 'shared',
  proc: 'host',
  ipc: 'host',
  hostname: 'host',
};

export const NO_SANDBOX: Sandbox = { user: undefined, isolatedNetwork: false, isolatedPids: false, prefix: [], measuredPrefix: [], seal: UNSEALED, notes: [] };

/**
 * The uid (gid) the kernel shows for every owner a user namespace does not map: 65534 unless
 * /proc/sys/kernel/overflowuid (overflowgid) says otherwise.
 */
function overflowId(kind: 'uid' | 'gid'): number {
  try {
    const n = Number(readFileSync(`/proc/sys/kernel/overflow${kind}`, 'utf8').trim());
    return Number.isInteger(n) && n >= 0 ? n : UNTRUSTED_ID;
  } catch {
    return UNTRUSTED_ID;
  }
}

/** Variables that hold CI credentials: warned about when they are within reach. */
const TOKEN_VARIABLE = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY|API_KEY/i;

/**
 * A probe may time out or fail on a loaded machine (a namespace made while hundreds of others are):
 * it is tried this many times, with a pause that grows, before a seal is given up.
 */
export const PROBE_ATTEMPTS = 4;
const PROBE_TIMEOUT_MS = 20_000;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** What a try of a probe says when no further try can change its answer (the kernel refused). */
const FINAL_NO = 'final-no';

/**
 * A probe that says yes as soon as one of `attempts` tries works, pausing `pauseMs` × the try between
 * them; no more tries after one says FINAL_NO.
 */
function retrying(probe: (argv: string[]) => boolean | typeof FINAL_NO, attempts = PROBE_ATTEMPTS, pauseMs = 250): (argv: string[]) => boolean {
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

/** Runs a probe once: whether it worked, and what it said on stderr. */
function probeOnce(argv: string[]): { works: boolean; stderr: string } {
  // In C's words: a refusal in the caller's language (LANG=de_DE) was not PROC_REFUSED, and tried 4 times.
  const env = ownProgramsEnv();
  const r = spawnSync(argv[0]!, [...argv.slice(1), 'true'], { encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe'], timeout: PROBE_TIMEOUT_MS });
  if (r.pid && argv.includes(KEPT_END)) probedViews.push(r.pid);
  return { works: r.status === 0, stderr: r.stderr ?? '' };
}

function worksOnce(argv: string[]): boolean {
  return probeOnce(argv).works;
}

/** The view shells of probes whose private temporary directories are not removed yet (removeProbeTmp). */
const probedViews: number[] = [];

/**
 * Removes the private temporary directories the probes of views made: each view's shell is the
 * process spawned (taskset, setpriv and the view's unshare exec, none forks), so they are named by
 * its pid. All of a sandbox's at once, when it is made: one removal (setpriv and rm) instead of one
 * per probe. Without this, a command that only probes (`cg-bench env`, the CI fingerprint) left them
 * until the next run's endStrays swept them.
 */
function removeProbeTmp(): void {
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
const worksCached = cached(retrying(worksOnce));
/**
 * Whether `argv` (a pid namespace with --mount-proc) works: tried again as worksCached does, but not
 * once the kernel refused the procfs (PROC_REFUSED), which no retry changes.
 */
const freshProcWorks = cached(
  retrying((argv) => {
    const once = probeOnce(argv);
    return once.works || (once.stderr.includes(PROC_REFUSED) ? FINAL_NO : false);
  }),
);

/** Whether this process already has no network but loopback (`docker run --network none`): no namespace is needed for it. */
function onlyLoopback(): boolean {
  try {
    return readdirSync('/sys/class/net').every((name) => name === 'lo');
  } catch {
    return false;
  }
}

/**
 * The opt-out from the seal the configuration asks for: CG_BENCH_SEAL=best-effort, set by whoever
 * runs cg-bench (the configuration is the pull request's), measures with what the host can make
 * (recorded in results.json, said in setup.log) instead of stopping.
 */
export const SEAL_VARIABLE = 'CG_BENCH_SEAL';

function bestEffort(env: NodeJS.ProcessEnv): boolean {
  const value = env[SEAL_VARIABLE]?.trim();
  if (!value || value === 'strict') return false;
  if (value === 'best-effort') return true;
  throw new CgBenchError(`${SEAL_VARIABLE}=${JSON.stringify(value)}: write best-effort (measure with the seal this host can make) or strict (the default)`);
}

/** The seals the configuration asks for in so many words: `network: false`, `cpus: one`. */
interface SealRequired {
  noNetwork: boolean;
  oneCpu: boolean;
}

/** Stops with what the configuration asks for and the host cannot make, unless the caller opted out. */
function requireSeal(missing: string[], env: NodeJS.ProcessEnv, notes: string[]): void {
  if (!missing.length) return;
  if (bestEffort(env)) {
    notes.push(
      `warning: ${missing.join('; ')}; measuring anyway (${SEAL_VARIABLE}=best-effort): results.json records the seal, and results made under another seal are not comparable`,
    );
    return;
  }
  throw new CgBenchError(
    `cannot seal the benchmarks as cg-bench.yml asks: ${missing.join('; ')}. ` +
      `Allow user namespaces (a container engine's seccomp profile or AppArmor may refuse unshare), or measure with what this host can make: ` +
      `${SEAL_VARIABLE}=best-effort in cg-bench's environment (the seal is recorded in results.json; results made under another seal are not comparable)`,
  );
}

/**
 * The sandbox for one suite. `root` is the configuration directory: when cg-bench is root the code
 * runs as that directory's owner (who can build there), or as nobody when root owns it too.
 */
export function untrustedSandbox(options: SandboxOptions): Sandbox {
  // Resolved before any pull-request code runs: what it does to TMPDIR's path later cannot move it.
  ownTmpdir();
  try {
    return makeSandbox(options);
  } finally {
    removeProbeTmp();
  }
}

/**
 * After a run in a sandbox made with `keptProbes` failed: whether the probes it took from the kept
 * file still work, each run again. When one does not, they are dropped from the file: a sandbox
 * made next probes them all (and the caller runs again in it).
 */
export function sandboxProbesStillWork(): boolean {
  try {
    return keptProbesStillWork(retrying(worksOnce));
  } finally {
    removeProbeTmp();
  }
}

interface SandboxOptions {
  root: string;
  network: boolean;
  /** Setup commands keep cg-bench's network, benchmarks still get none (`setup-network: true`). */
  setupNetwork?: boolean;
  env?: NodeJS.ProcessEnv;
  uid?: number;
  probe?: (argv: string[]) => boolean;
  /** Measured runs see one CPU where a mount namespace can be made (the configuration's `cpus: one`). */
  oneCpu?: boolean;
  /** The CPUs cg-bench may run on (default: its affinity): measured runs are pinned to one of them. */
  cpus?: readonly number[];
  /**
   * The seals a measuring run must have or stop (unless CG_BENCH_SEAL=best-effort): those the
   * configuration wrote itself (`network: false`, `cpus: one`). Defaults, and what only reads the
   * sandbox (the fingerprint of `cg-bench env`), are best-effort: made where the host can, recorded.
   */
  required?: SealRequired;
  /** An injected probe's pause between tries (tests: 0). */
  probePauseMs?: number;
  /**
   * Probes that worked on this machine before are not run again (kept-probes.ts): for a caller that
   * probes again when a run then fails (sandboxProbesStillWork), as run/suite.ts does.
   */
  keptProbes?: boolean;
  /** The machine's host name, as the code sees it without a UTS namespace (default: os.hostname()). */
  machineHostname?: string;
  /** Whether the host already has no network but loopback (default: /sys/class/net says). */
  onlyLoopback?: () => boolean;
  /** Whether a process of this uid is running (default: /proc says). */
  uidBusy?: (uid: number) => boolean;
  /**
   * cg-bench is pid 1 of its pid namespace (the image under `docker run`): every process left in it
   * dies when cg-bench ends, so no process outlives the run even without a namespace of the code's own.
   */
  firstProcess?: boolean;
}

function makeSandbox(options: SandboxOptions): Sandbox {
  const env = options.env ?? process.env;
  const uid = options.uid ?? process.getuid?.() ?? -1;
  // What a probe's argv holds that is new each run: the seal files' directory, the private directories' names.
  const perRun = () => [...(sealFiles ? [dirname(sealFiles.oneCpu)] : []), PRIVATE_TMP_NAME];
  const own = (real: (argv: string[]) => boolean) => (options.keptProbes ? keptProbe(real, perRun) : real);
  const probe = options.probe ? retrying(options.probe, PROBE_ATTEMPTS, options.probePauseMs ?? 0) : own(worksCached);
  const procProbe = options.probe ? probe : own(freshProcWorks);
  const noNetworkAnyway = () => !options.network && (options.onlyLoopback ?? onlyLoopback)();
  const notes: string[] = [];
  let user: Sandbox['user'];
  const prefix: string[] = [];
  if (uid === 0) user = untrustedUser(options.root, env);
  if (user) {
    prefix.push(...asId(user));
    if (!probe(prefix)) {
      throw new CgBenchError(
        `cg-bench runs as root, and then runs setup commands and benchmarks as uid ${user.uid} with setpriv (util-linux), which does not work here; run cg-bench as a non-root user, or in the cg-bench image`,
      );
    }
    notes.push(`setup commands and benchmarks run as uid ${user.uid}: they cannot read cg-bench's or the job's environment`);
  } else if (uid === 0) {
    notes.push(
      'note: setup commands and benchmarks run as root, as cg-bench does: they can read its environment. In CI, or with CG_BENCH_RUN_AS=65534:65534, they run as another user.',
    );
  } else {
    const exposed = Object.keys(env)
      .filter((name) => TOKEN_VARIABLE.test(name))
      .sort();
    if (exposed.length) {
      notes.push(
        `warning: ${exposed.join(', ')} ${exposed.length === 1 ? 'is' : 'are'} in cg-bench's environment, and setup commands and benchmarks run as the same uid: they can read it from /proc. Measure in a job that holds no token (README, SECURITY).`,
      );
    }
  }
  // A pid namespace of their own: the benchmark's main process is pid 1 and its children 2, 3, …,
  // so no pid of the machine reaches the count ($PPID in dash costs more per digit), and every
  // process it leaves behind dies with it. With no network asked for, a network namespace too.
  const id = user ?? { uid, gid: process.getgid?.() ?? uid };
  const unshare = (net: boolean, pid: boolean, inner: { uid: number; gid: number }, proc = false) => [
    ownProgram('unshare'),
    '--user',
    // SysV shared memory and message queues of its own: on the host's, what one run left (ipcmk) was
    // there for the next, whose count it moved (4,165,319 -> 4,354,867 cycles), and outlived it.
    '--ipc',
    `--map-user=${inner.uid}`,
    `--map-group=${inner.gid}`,
    ...(net ? ['--net'] : []),
    ...(pid ? pidNamespace(proc) : []),
    '--',
    // Pid 1 of a namespace ignores signals it has no handler for, even its own: a shell is pid 1, the
    // benchmark pid 2. Not the last command, so the shell waits instead of exec'ing it.
    ...(pid ? [...PID_NAMESPACE_INIT] : []),
  ];
  // A benchmark's count must not depend on who runs it. In a user namespace the ids of the files the
  // code sees are the mapped ones or, for every other owner, the overflow id: as root (0 mapped to 0)
  // /usr showed as owned by 0, as any other uid by 65534, and Python's os.stat builds st_uid and
  // st_gid as cached small ints (-5…256) or as new objects (measured: +22,041 Ir for a small json
  // script). Mapped to the overflow ids, the code's own files and everyone else's show the same
  // owner, and the code the same uid, whoever runs it.
  const anonymous = { uid: overflowId('uid'), gid: overflowId('gid') };
  // Already the fixed name (`docker run --hostname cg-bench`, as the action runs the image): nothing
  // to set, which a container engine's seccomp profile would refuse anyway.
  const namedAlready = (options.machineHostname ?? hostname()) === FIXED_HOSTNAME;
  const tries: [boolean, boolean][] = options.network
    ? [[false, true]]
    : [
        [true, true],
        [true, false],
      ];
  for (const [net, pid] of tries) {
    if (!probe([...prefix, ...unshare(net, pid, id)])) continue;
    // A fresh /proc where the kernel allows one (not in a container whose engine masks parts of its own).
    const proc = pid && procProbe([...prefix, ...unshare(net, pid, id, true)]);
    const isolate = unshare(net, pid, id, proc);
    // Setup commands: the same namespaces, but the network's only when the benchmarks have their own.
    const setupIsolate = net && options.setupNetwork ? unshare(false, pid, id, proc) : isolate;
    if (!probe([...prefix, ...setupIsolate])) continue;
    const measuredIsolate = unshare(net, pid, anonymous, proc);
    // A sealed view: in a user namespace of its own, as its root, a mount namespace with "0" bound
    // over the /sys CPU lists (one CPU) and the fixed entropy over the random devices, getrandom
    // failing (the entropy seal); the code then runs in a user namespace nested in it, as before,
    // and with one CPU pinned to one (sandboxedCommand() adds taskset).
    // The view also gives each run private, empty temporary directories (/tmp, /var/tmp, /dev/shm).
    let oneCpu: number[] | undefined;
    let entropy = false;
    let privateTmp = false;
    let madeView = false;
    let ownProc = proc;
    let fixedHostname = namedAlready;
    const cpus = options.cpus ?? allowedCpus();
    const cpuLists = Boolean(options.oneCpu && cpus.length);
    const kept = [realOrGiven(options.root)];
    // A project that is /tmp itself (a cg-bench.yml in /tmp) cannot be bound back into an empty one.
    const tmpProject = SHARED_TMP_DIRS.includes(kept[0]!);
    const canSealEntropy = pid && sealFilesOnce().entropySeal !== undefined;
    const pin = cpuLists ? [ownProgram('taskset'), '--cpu-list', String(cpus[0])] : [];
    // Each with private temporary directories first, then without: where they cannot be made (a path
    // the run is handed cannot be bound back), the rest of the seal is kept, never lost with them.
    // The same without a fresh /proc last, should a view refuse only that.
    const views: View[] = pid
      ? (proc ? [true, false] : [false])
          .flatMap((proc) =>
            (tmpProject ? [false] : [true, false]).flatMap((privateTmp) => [
              { cpuLists, entropy: canSealEntropy, privateTmp, proc },
              ...(canSealEntropy ? [{ cpuLists, entropy: false, privateTmp, proc }] : []),
            ]),
          )
          // Each with the fixed host name first, then without: the rest is kept where it cannot be set.
          .flatMap((view) => [...(namedAlready ? [] : [{ ...view, hostname: true }]), { ...view, hostname: false }])
          .filter((view) => view.cpuLists || view.entropy || view.privateTmp)
      : [];
    const viewed = (view: View) => viewPrefix(net, pid, anonymous, view, kept);
    // The first view nests the measured run's namespaces (the overflow ids): where it works, so do
    // they, and they need no probe of their own (a probe is a few processes; the first view's answer is kept).
    const anonymised = (views.length > 0 && probe([...pin, ...prefix, ...viewed(views[0]!)])) || probe([...prefix, ...measuredIsolate]);
    let measuredPrefix = [...prefix, ...(anonymised ? measuredIsolate : isolate)];
    if (pid && anonymised) {
      for (const view of views) {
        if (!probe([...pin, ...prefix, ...viewed(view)])) continue;
        measuredPrefix = [...prefix, ...viewed(view)];
        madeView = true;
        if (view.cpuLists) oneCpu = [...cpus];
        entropy = view.entropy;
        privateTmp = view.privateTmp;
        ownProc = view.proc;
        fixedHostname = view.hostname || namedAlready;
        break;
      }
    }
    // Setup commands: private temporary directories too, in a view of their own namespaces.
    const setupViewed = viewPrefix(net && !options.setupNetwork, pid, id, { cpuLists: false, entropy: false, privateTmp: true, proc, hostname: false }, kept);
    const setupTmp = !tmpProject && probe([...prefix, ...setupViewed]);
    prefix.push(...(setupTmp ? setupViewed : setupIsolate));
    notes.push(
      privateTmp
        ? `benchmarks get private, empty ${SHARED_TMP_DIRS.join(', ')} (a new directory bound over each, removed after the runs): what another run left there does not reach the count`
        : `benchmarks share ${SHARED_TMP_DIRS.join(', ')} with every other run (what one leaves there another can read): ${tmpProject ? `the project is ${kept[0]} itself` : madeView ? 'a path a run is handed could not be bound back into private ones' : 'no mount namespace can be made here'}`,
    );
    notes.push(
      setupTmp
        ? `setup commands get private, empty ${SHARED_TMP_DIRS.join(', ')}: what they leave there is gone when each ends`
        : `setup commands share ${SHARED_TMP_DIRS.join(', ')} with every other run`,
    );
    if (pid)
      notes.push(
        ownProc
          ? "benchmarks see a /proc of their own pid namespace: only their own processes, none of the machine's"
          : "benchmarks see cg-bench's /proc (every process it sees, with its command line): the kernel refuses a new one here (a container engine masks parts of its /proc)",
      );
    notes.push(
      fixedHostname
        ? `benchmarks see the host name ${FIXED_HOSTNAME}, whatever the machine's`
        : "benchmarks see the machine's host name (its length reaches the count of a program that reads it)",
    );
    notes.push(
      pid
        ? 'benchmarks run in a pid namespace of their own: pids of the machine do not reach the count, and processes left behind end with the benchmark'
        : "no pid namespace can be created here: the pids a benchmark sees are the machine's (a shell-string benchmark's count depends on the number of digits of its parent's pid)",
    );
    if (!anonymised)
      notes.push(`benchmarks cannot run as uid ${anonymous.uid} in their namespace here: a Python benchmark's count depends on whether cg-bench runs as root`);
    if (options.oneCpu) {
      notes.push(
        oneCpu
          ? `benchmarks see one CPU: pinned to one of CPUs ${cpus.join(',')} (one per job), and ${CPU_LIST_FILES.join(', ')} read "0"`
          : "no mount namespace can be created here: benchmarks see the host's CPUs (their number, in the /sys CPU lists and the affinity mask, reaches the count; it is recorded)",
      );
    }
    notes.push(
      entropy
        ? `benchmarks read fixed entropy: getrandom fails (ENOSYS), and ${RANDOM_DEVICES.join(' and ')} read the same ${ENTROPY_BYTES} bytes on every run`
        : "benchmarks read the system's entropy (getrandom, /dev/urandom): a program that seeds itself from it (hash tables, random) counts differently run to run",
    );
    if (net && options.setupNetwork) notes.push('benchmarks have no network; setup commands have the network this process has (setup-network: true)');
    else if (net) notes.push('setup commands and benchmarks have no network (network: true in the configuration allows it)');
    const seal: Sandbox['seal'] = {
      pids: pid ? 'own' : 'host',
      ids: anonymised ? 'anonymous' : 'caller',
      network: net || noNetworkAnyway() ? 'none' : 'host',
      cpus: oneCpu ? 'one' : 'host',
      entropy: entropy ? 'fixed' : 'os',
      tmp: privateTmp ? 'private' : 'shared',
      proc: ownProc ? 'own' : 'host',
      ipc: 'own',
      hostname: fixedHostname ? 'fixed' : 'host',
    };
    const strays = pid ? undefined : strayOwner(user, uid, options.uidBusy ?? uidBusy, notes);
    const uncontained = !pid && !strays && !(options.firstProcess ?? process.pid === 1);
    if (options.required) requireSeal(missingSeal(options.required, seal, uncontained), env, notes);
    return { user, isolatedNetwork: net, isolatedPids: pid, ...(oneCpu ? { oneCpu } : {}), ...(strays ? { strays } : {}), prefix, measuredPrefix, seal, notes };
  }
  if (!options.network) notes.push('no network namespace can be created here: setup commands and benchmarks keep the network this process has');
  notes.push("no pid namespace can be created here: the pids a benchmark sees are the machine's");
  if (options.oneCpu)
    notes.push(
      "no mount namespace can be created here: benchmarks see the host's CPUs (their number, in the /sys CPU lists and the affinity mask, reaches the count; it is recorded)",
    );
  notes.push(
    "benchmarks read the system's entropy (getrandom, /dev/urandom): a program that seeds itself from it (hash tables, random) counts differently run to run",
  );
  notes.push(`no mount namespace can be created here: setup commands and benchmarks share ${SHARED_TMP_DIRS.join(', ')} with every other run`);
  if (namedAlready) notes.push(`benchmarks see the host name ${FIXED_HOSTNAME}: the machine's is that`);
  const seal: Sandbox['seal'] = { ...UNSEALED, network: noNetworkAnyway() ? 'none' : 'host', hostname: namedAlready ? 'fixed' : 'host' };
  const strays = strayOwner(user, uid, options.uidBusy ?? uidBusy, notes);
  const uncontained = !strays && !(options.firstProcess ?? process.pid === 1);
  if (options.required) requireSeal(missingSeal(options.required, seal, uncontained), env, notes);
  return { user, isolatedNetwork: false, isolatedPids: false, ...(strays ? { strays } : {}), prefix, measuredPrefix: [...prefix], seal, notes };
}

/**
 * Whether any process of `uid` is running: /proc/PID belongs to its process's effective uid. A zombie
 * (killed, not yet reaped by its parent) runs nothing.
 */
function uidBusy(uid: number): boolean {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statSync(`/proc/${name}`).uid !== uid) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z') return true;
    } catch {
      // Gone meanwhile.
    }
  }
  return false;
}

/**
 * Without a pid namespace, whose processes can be killed when the code is done: the sandbox's own uid
 * only (never root, never cg-bench's), and only when nothing runs as it yet: killing every process
 * of a uid someone uses (the owner of a checkout under sudo, a daemon's nobody) would kill theirs.
 */
function strayOwner(user: Sandbox['user'], ownUid: number, busy: (uid: number) => boolean, notes: string[]): Sandbox['strays'] {
  if (!user || user.uid === 0 || user.uid === ownUid) return undefined;
  // nobody is everyone's: another cg-bench on the machine runs its probes and benchmarks as it too
  // (a second test suite's failed their probes and lost their private /tmp to this kill).
  if (user.uid === UNTRUSTED_ID) {
    notes.push(
      `uid ${UNTRUSTED_ID} (nobody) is not a uid of its own: without a pid namespace, what setup commands and benchmarks leave running cannot be told from other programs' (CG_BENCH_RUN_AS=uid:gid names one)`,
    );
    return undefined;
  }
  if (busy(user.uid)) {
    notes.push(
      `uid ${user.uid} already runs processes here: without a pid namespace, what setup commands and benchmarks leave running cannot be told from them`,
    );
    return undefined;
  }
  notes.push(`no pid namespace: every process of uid ${user.uid} is killed after the setup commands and after the benchmarks`);
  return user;
}

/**
 * Ends what a phase's runs (the setup commands, the benchmarks, a pair) left: their processes where
 * they have no pid namespace (killStrays), then their private temporary directories.
 */
export function endStrays(sandbox: Sandbox): void {
  killStrays(sandbox);
  removePrivateTmp();
}

/**
 * Removes someone's tree at `path`, a name cg-bench keeps in /tmp, with its owner's rights (remove.ts);
 * stops naming it when anything (a link included) is still there.
 */
function removeOrRefuse(path: string): void {
  removeAsOwners([path]);
  try {
    lstatSync(path);
  } catch {
    return;
  }
  throw sharedPlaceProblem(path, 'what is there cannot be removed');
}

/** The private temporary directories of this process's runs, and those of a cg-bench process no longer running. */
function removePrivateTmp(): void {
  const ended: string[] = [];
  for (const dir of SHARED_TMP_DIRS) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^\.cg-bench-private-(\d+)\.\d+(?:\.\w+)?$/.exec(name)?.[1];
      if (owner === undefined || (owner !== String(process.pid) && existsSync(`/proc/${owner}`))) continue;
      ended.push(join(dir, name));
    }
  }
  removeAsOwners(ended);
}

/**
 * Kills every process of the sandbox's uid where it has no pid namespace (Sandbox.strays): as that
 * uid, kill(-1, SIGKILL) reaches all of them but the caller, in one pass of the kernel's (a process
 * killed while it forks does not complete the fork). Again until /proc shows none.
 */
function killStrays(sandbox: Sandbox): void {
  const strays = sandbox.strays;
  if (!strays) return;
  const asStrays = asId(strays);
  for (let round = 0; round < 10 && uidBusy(strays.uid); round++) {
    spawnSync(asStrays[0]!, [...asStrays.slice(1), '/bin/sh', '-c', 'kill -KILL -1'], { env: ownProgramsEnv(), stdio: 'ignore', timeout: PROBE_TIMEOUT_MS });
  }
}

/** What the configuration asks for (no network, one CPU) that the seal lacks, in words. */
function missingSeal(required: SealRequired, seal: Sandbox['seal'], uncontained: boolean): string[] {
  const missing: string[] = [];
  if (uncontained)
    missing.push(
      'no pid namespace can be made here, so a process a setup command or a benchmark starts (setsid and a double fork) can outlive the run, ' +
        'and the code has no uid of its own whose every process cg-bench could kill (as root, CG_BENCH_RUN_AS=uid:gid names one: it must run nothing else)',
    );
  if (required.noNetwork && seal.network !== 'none')
    missing.push('benchmarks without network (network: false, or setup-network: true) need a network namespace, which cannot be made here');
  if (required.oneCpu && seal.cpus !== 'one') missing.push('one CPU (cpus: one) needs a pid, user and mount namespace, which cannot be made here');
  return missing;
}

/**
 * What runs `argv` inside the sandbox with `codeEnv` as its environment: a setup command, or
 * (measured) a benchmark, which with one CPU is pinned to the job's (`job`: the index of the worker
 * running it). `own`: what cg-bench hands this run in the shared temporary directories (Valgrind's
 * staging, the benchmark's HOME), bound back into a view's private ones as they are; the paths
 * `argv` names are bound back only as a handed path is (privateTmpScript). The programs around the code (taskset, setpriv, unshare, a view's shell and its
 * mounts, the pid namespace's init) run with ownProgramsEnv, never the code's: its LD_PRELOAD or PATH
 * ran the pull request's programs as root in them. The code's environment is set by `env -i`, the
 * last program before it, run as the code; a view reads the paths it binds back from _CGB_ variables.
 */
export function sandboxedCommand(
  sandbox: Sandbox,
  argv: readonly string[],
  codeEnv: Readonly<Record<string, string>>,
  measured = false,
  job = 0,
  own: readonly string[] = [],
  cwd?: string,
): Command {
  const prefix = withKept(
    measured ? sandbox.measuredPrefix : sandbox.prefix,
    own,
    argv.flatMap((arg) => pathsNamed(arg, cwd)),
  );
  const cpus = sandbox.oneCpu;
  const pin = measured && cpus?.length ? [ownProgram('taskset'), '--cpu-list', String(cpus[job % cpus.length])] : [];
  // env takes an argument with "=" for an assignment: a program named so is run by a shell instead.
  const program = argv[0]!.includes('=') ? ['/bin/sh', '-c', 'exec "$0" "$@"', ...argv] : argv;
  const assignments = Object.entries(codeEnv).map(([name, value]) => `${name}=${value}`);
  const handed = { PWD: cwd ?? codeEnv['PWD'], HOME: codeEnv['HOME'], TMPDIR: codeEnv['TMPDIR'], PATH: codeEnv['PATH'], PYTHONPATH: codeEnv['PYTHONPATH'] };
  const env = ownProgramsEnv();
  for (const [name, value] of Object.entries(handed)) if (value !== undefined) env[`_CGB_${name}`] = value;
  return new Command([...pin, ...prefix, ownProgram('env'), '-i', '--', ...assignments, ...program], env);
}

/**
 * The paths an argument names, to be bound back into a view's private temporary directories: the
 * program and the files given to it (an absolute path, or one relative to `cwd`), and where a link
 * among them leads (a venv's python). Options and shell text name none that exists.
 */
function pathsNamed(arg: string, cwd: string | undefined): string[] {
  if (arg.startsWith('-') || !arg.includes('/')) return [];
  if (arg.startsWith('/')) {
    const real = realOrGiven(arg);
    return real === arg ? [arg] : [arg, real];
  }
  if (cwd === undefined) return [];
  // A relative path below the working directory is reached through it (the view binds it back
  // itself): only where a link among it leads is new. One above it (`../lib/x.py`) is bound as named.
  const path = join(cwd, arg);
  const real = realOrGiven(path);
  const up = relative(cwd, path);
  const outside = up === '..' || up.startsWith('../');
  return [...(outside ? [path] : []), ...(real === path ? [] : [real])];
}

/**
 * A prefix with `own` and `handed` bound back into its private temporary directories (a view's,
 * else none): cg-bench's own paths for this run before HANDED_START, the handed ones before KEPT_END.
 */
function withKept(prefix: readonly string[], own: readonly string[], handed: readonly string[]): string[] {
  const start = prefix.indexOf(HANDED_START);
  const end = prefix.indexOf(KEPT_END);
  if (start < 0 || end < 0) return [...prefix];
  return [...prefix.slice(0, start), ...own, ...prefix.slice(start, end), ...handed, ...prefix.slice(end)];
}

/**
 * Where Cachegrind, in the sandbox, writes its profiles and logs: `dir` itself when the code runs as
 * cg-bench's uid; else a fresh directory of the sandbox user's own (the output directory may sit
 * where that user cannot even look), emptied into `dir` by collectProfiles. `dir` may be a held
 * directory (untrusted/write.ts): Valgrind, another process, is given its real path.
 */
export function profileDirectory(sandbox: Sandbox, dir: string): string {
  if (!sandbox.user) return realpathSync(dir);
  const staging = mkdtempSync(join(runsDirectory(), 'profiles-'));
  chownSync(staging, sandbox.user.uid, sandbox.user.gid);
  return staging;
}

/** What Valgrind writes into a staging directory: a profile and a log per process. */
const VALGRIND_FILE = /^(?:(?:cachegrind|callgrind|dhat)\.out\.\d+|valgrind\.\d+\.log)$/;

/**
 * How much is copied out of a staging directory: the code can make files there (its path is on
 * Valgrind's command line), and a sparse file of terabytes costs it nothing; copied, it filled the
 * output directory's disk with cg-bench's rights. Far above what Valgrind writes for a benchmark
 * (a Python import's profile: 267 KB; the call-tree run's profiles are read up to 256 MiB).
 */
export const COLLECT_LIMITS = { file: MAX_PROFILE_BYTES, total: 4096 * (1 << 20), files: 100_000 };

/** A file of Valgrind's that collectProfiles left uncopied: `limit` names the one of COLLECT_LIMITS it passed. */
export interface UncollectedFile {
  name: string;
  size: number;
  limit: keyof typeof COLLECT_LIMITS;
}

/**
 * Copies the plain files the sandbox wrote into `dir`, then removes its directory. Opened without
 * following links and checked on the open file, so nothing the code swaps in meanwhile is read.
 * Only files the sandbox's user owns, with one link: a hard link it made to another user's file
 * (where fs.protected_hardlinks is 0, to a root-only file) is not read with cg-bench's rights.
 * Only Valgrind's names, and within `limits`: a file above them is not copied, nothing is once the
 * total is reached; those are returned, and the run fails naming them (uncollectedProblem).
 */
export function collectProfiles(staging: string, dir: string, limits: typeof COLLECT_LIMITS = COLLECT_LIMITS): UncollectedFile[] {
  if (staging === realpathSync(dir)) return [];
  const uncollected: UncollectedFile[] = [];
  const owner = lstatSync(staging).uid; // profileDirectory gave it to the sandbox's user
  const buffer = Buffer.alloc(1 << 20);
  let total = 0;
  let files = 0;
  for (const name of readdirSync(staging)) {
    if (!VALGRIND_FILE.test(name)) continue;
    let from: number;
    try {
      from = openSync(join(staging, name), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      continue;
    }
    try {
      const stat = fstatSync(from);
      if (!stat.isFile() || stat.nlink !== 1 || stat.uid !== owner) continue;
      const limit = passedLimit(stat.size, total, files, limits);
      if (limit) {
        uncollected.push({ name, size: stat.size, limit });
        continue;
      }
      files++;
      const to = openSync(join(dir, name), 'wx');
      try {
        // At most the size it had: a file still growing is cut there.
        for (let n, left = stat.size; left > 0 && (n = readSync(from, buffer, 0, Math.min(buffer.length, left), null)) > 0; left -= n)
          writeSync(to, buffer, 0, n);
      } finally {
        closeSync(to);
      }
      total += stat.size;
    } finally {
      closeSync(from);
    }
  }
  // The code's (it can write there): removed with its rights, never root's (remove.ts).
  removeAsOwners([staging]);
  return uncollected;
}

/** The limit a file of `size` passes when `files` files of `total` bytes were copied before it; undefined: none. */
function passedLimit(size: number, total: number, files: number, limits: typeof COLLECT_LIMITS): UncollectedFile['limit'] | undefined {
  if (size > limits.file) return 'file';
  if (total + size > limits.total) return 'total';
  if (files >= limits.files) return 'files';
  return undefined;
}

/** A size in MiB when it is whole ones (the limits), else in bytes. */
function shownSize(bytes: number): string {
  return bytes % (1 << 20) === 0 ? `${(bytes / (1 << 20)).toLocaleString('en-US')} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Why a run fails when collectProfiles left files: each named with the limit it passed. Without them
 * its count would be another (a process without its profile), or unknown.
 */
export function uncollectedProblem(uncollected: readonly UncollectedFile[], limits: typeof COLLECT_LIMITS = COLLECT_LIMITS): string {
  const why = ({ name, size, limit }: UncollectedFile) => {
    switch (limit) {
      case 'file':
        return `${name} is ${shownSize(size)}, above the ${shownSize(limits.file)} cg-bench copies of one file`;
      case 'total':
        return `${name} (${shownSize(size)}) would take the run's files past the ${shownSize(limits.total)} cg-bench copies in all`;
      case 'files':
        return `${name} is past the ${limits.files.toLocaleString('en-US')} files cg-bench copies of one run`;
    }
  };
  return `Valgrind's output was not collected, so the run has no complete count: ${uncollected.map(why).join('; ')}`;
}

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
export function giveDirectory(sandbox: Sandbox, dir: string): void {
  if (sandbox.user) chownSync(dir, sandbox.user.uid, sandbox.user.gid);
}

const DIRECTORY_FLAGS = fsConstants.O_RDONLY | fsConstants.O_DIRECTORY | fsConstants.O_NOFOLLOW;

function sharedPlaceProblem(path: string, what: string): CgBenchError {
  return new CgBenchError(`${path}: ${what}; cg-bench makes and gives this directory only as its own, never through a link`);
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

/**
 * Makes sure `path`, a directory at a fixed path in /tmp that cg-bench keeps its sandboxes' homes in,
 * is a real directory (no link) that no one but root or cg-bench's user can rename or replace, and
 * that any user's cg-bench may make its entries in (sticky, 1777, as /tmp). A link, a file, or (for
 * root) a directory someone else made there is removed and made again: a link planted there made
 * cg-bench (root) chmod 1777 what it named. A non-root cg-bench shares a sticky one another user's
 * cg-bench made, and refuses anything else it cannot remove.
 */
export function sharedHomesDirectory(path: string): void {
  const uid = process.getuid?.();
  const acceptable = (s: Stats) =>
    s.isDirectory() && !s.isSymbolicLink() && (s.uid === 0 || s.uid === uid || (uid !== 0 && (s.mode & 0o1000) !== 0 && (s.mode & 0o002) !== 0));
  let stat: Stats | undefined;
  try {
    stat = lstatSync(path);
  } catch {
    stat = undefined;
  }
  if (stat && !acceptable(stat)) {
    if (uid !== 0) throw sharedPlaceProblem(path, `${stat.isSymbolicLink() ? 'a link' : 'not a directory cg-bench can trust'} is there; remove it`);
    removeOrRefuse(path);
    stat = undefined;
  }
  if (!stat) {
    try {
      mkdirSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const fd = openSync(path, DIRECTORY_FLAGS);
  try {
    const held = fstatSync(fd);
    if (!acceptable(held)) throw sharedPlaceProblem(path, 'replaced while cg-bench made it');
    if (held.uid === uid && (held.mode & 0o7777) !== 0o1777) fchmodSync(fd, 0o1777);
  } finally {
    closeSync(fd);
  }
}

/** A file the sandboxed code may have written, safe to read: a plain file, not a link or a device. */
export function isPlainFile(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.nlink === 1;
  } catch {
    return false;
  }
}

/**
 * What setup commands see of the caller's environment: enough to find and drive toolchains, never
 * the whole environment (CI jobs keep tokens there). More names: CG_BENCH_SETUP_ENV="NAME OTHER",
 * set by whoever runs cg-bench (the configuration cannot ask for variables: a pull request writes it).
 */
const SETUP_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TERM',
  'CC',
  'CXX',
  'CPP',
  'LD',
  'AR',
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'LDLIBS',
  'MAKEFLAGS',
  'PKG_CONFIG_PATH',
  'LIBRARY_PATH',
  'LD_LIBRARY_PATH',
  'C_INCLUDE_PATH',
  'CPLUS_INCLUDE_PATH',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'RUSTUP_TOOLCHAIN',
  'RUSTFLAGS',
  'CARGO_TARGET_DIR',
  'CARGO_BUILD_JOBS',
  'GOPATH',
  'GOROOT',
  'GOCACHE',
  'GOFLAGS',
  'GOTOOLCHAIN',
  'GOPROXY',
  'GOMODCACHE',
  'JAVA_HOME',
  'PYTHONPATH',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'NODE_PATH',
  'CMAKE_GENERATOR',
  'CG_BENCH_IMAGE',
];
const SETUP_ENV_PATTERNS = [/^LC_[A-Z]+$/];

export function setupEnvironment(caller: NodeJS.ProcessEnv, sandbox: Sandbox, home: string): Record<string, string> {
  const extra = (caller['CG_BENCH_SETUP_ENV'] ?? '').split(/[\s,]+/).filter(Boolean);
  const allowed = (name: string) => SETUP_ENV_NAMES.includes(name) || extra.includes(name) || SETUP_ENV_PATTERNS.some((p) => p.test(name));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(caller)) if (value !== undefined && allowed(name)) env[name] = value;
  // Another uid cannot use root's HOME: it gets the benchmarks' one.
  if (sandbox.user) env['HOME'] = home;
  env['PATH'] ??= '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  return env;
}
