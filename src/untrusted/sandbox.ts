import { readdirSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { CgBenchError } from '../errors.ts';
import type { Seal } from '../results/types.ts';
import { FIXED_HOSTNAME } from '../util/fixed-hostname.ts';
import { Command } from './command.ts';
import { allowedCpus, CPU_LIST_FILES } from './cpu-view.ts';
import { ownProgram, ownProgramsEnv, ownTmpdir, SHARED_TMP_DIRS } from './environment.ts';
import { ENTROPY_BYTES } from './fixed-entropy.ts';
import { keptProbe, keptProbesStillWork } from './kept-probes.ts';
import { PID_NAMESPACE_INIT, pidNamespace } from './pid-namespace.ts';
import { PROBE_ATTEMPTS, probeRetried, removeProbeTmp, retrying, worksCached } from './probes.ts';
import { asId } from './remove.ts';
import { PRIVATE_TMP_NAME, realOrGiven } from './shared-places.ts';
import { uidBusy } from './strays.ts';
import { HANDED_START, KEPT_END, RANDOM_DEVICES, sealFilesDirectory, sealFilesOnce, type View, viewPrefix } from './view.ts';

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

/** No isolation at all: for tests and callers that run trusted commands. */
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
    return keptProbesStillWork(probeRetried);
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
  const perRun = () => [sealFilesDirectory(), PRIVATE_TMP_NAME].filter((part) => part !== undefined);
  const own = (real: (argv: string[]) => boolean) => (options.keptProbes ? keptProbe(real, perRun) : real);
  const probe = options.probe ? retrying(options.probe, PROBE_ATTEMPTS, options.probePauseMs ?? 0) : own(worksCached);
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
      'note: setup commands and benchmarks run as root, as cg-bench does: they can read its environment. With CG_BENCH_RUN_AS=65534:65534 they run as that user (it must be able to build in the checkout); the action and the GitLab job in the image give them a copy of their own, as another user.',
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
    const proc = pid && probe([...prefix, ...unshare(net, pid, id, true)]);
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
    else if (net)
      notes.push(
        'setup commands and benchmarks have no network (setup-network: true gives it to setup commands alone, to download dependencies; network: true to both)',
      );
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
