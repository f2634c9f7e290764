/**
 * The sealed view a measured run (and a setup command) runs in: a user and mount namespace whose
 * shell binds the seal's files and the run's private temporary directories, then execs the code's
 * own namespaces nested in it.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { arch } from 'node:os';
import { dirname, join } from 'node:path';
import { FIXED_HOSTNAME } from '../util/fixed-hostname.ts';
import { CPU_LIST_FILES } from './cpu-view.ts';
import { ENTROPY_SEAL_X86_64 } from './entropy-seal.ts';
import { ownProgram, SHARED_TMP_DIRS } from './environment.ts';
import { keptEntropyFile, keptFixedEntropy } from './fixed-entropy.ts';
import { PID_NAMESPACE_INIT, pidNamespace } from './pid-namespace.ts';
import { PRIVATE_TMP_INNER, PRIVATE_TMP_NAME, realOrGiven, reservedDirectories, runsCover, runsDirectory } from './shared-places.ts';

interface SealFiles {
  /** "0\n", bound over the /sys CPU lists. */
  oneCpu: string;
  /** The fixed entropy stream, bound over /dev/urandom and /dev/random. */
  entropy: string;
  /** The entropy seal program (entropy-seal.c), on x86-64 only. */
  entropySeal: string | undefined;
}

let sealFiles: SealFiles | undefined;
/** The files the sealed view binds or runs, readable by anyone (the code may run as nobody); removed at exit. */
export function sealFilesOnce(): SealFiles {
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

/** The seal files' directory once sealFilesOnce made it (new each run: a probe's argv that names it is too), else undefined. */
export function sealFilesDirectory(): string | undefined {
  return sealFiles && dirname(sealFiles.oneCpu);
}

/** The random devices a measured run reads the fixed entropy stream from. */
export const RANDOM_DEVICES: readonly string[] = ['/dev/urandom', '/dev/random'];

/** Ends the paths a view binds back into its private temporary directories: sandboxedCommand() adds a run's own before it. */
export const KEPT_END = 'cg-bench-kept-end';

/** Ends cg-bench's own paths among those a view binds back; the paths the run is handed follow it (handedPathProblem). */
export const HANDED_START = 'cg-bench-handed';

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

/** The status of a view whose fixed host name was refused (probes.ts: no retry changes it). */
export const HOSTNAME_REFUSED = 122;

/** What a view makes: "0" over the CPU lists, the fixed entropy over the random devices, private temporary directories. */
export interface View {
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
export function viewPrefix(net: boolean, pid: boolean, inner: { uid: number; gid: number }, view: View, kept: readonly string[]): string[] {
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
      // Status 1 is hostname's own (sethostname refused: final); any other (a fork or an exec that
      // failed) is the view's, tried again.
      ...(view.hostname ? [`hostname ${FIXED_HOSTNAME}; case $? in 0) ;; 1) exit ${HOSTNAME_REFUSED} ;; *) exit 125 ;; esac`] : []),
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
