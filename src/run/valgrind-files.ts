import { readdirSync } from 'node:fs';
import { MiB, readHead, readTail } from '../untrusted/read.ts';
import { join } from 'node:path';

/**
 * The files Valgrind writes for one benchmark, all in one absolute directory: every traced process
 * opens `valgrind.<pid>.log` when it starts and writes `<tool>.out.<pid>` when it ends
 * (`cachegrind.out.<pid>`, or `dhat.out.<pid>` and `callgrind.out.<pid>` in the memory and call-tree runs' own directories). This module
 * alone names them: it writes the arguments and finds the files again.
 */
export type ValgrindTool = 'cachegrind' | 'dhat' | 'callgrind';
const PROFILE: Record<ValgrindTool, RegExp> = {
  cachegrind: /^cachegrind\.out\.(\d+)$/,
  dhat: /^dhat\.out\.(\d+)$/,
  callgrind: /^callgrind\.out\.(\d+)$/,
};
const LOG = /^valgrind\.(\d+)\.log$/;

/** The memory run's directory within a benchmark's: its logs must not meet the Cachegrind run's. */
export const MEMORY_DIRECTORY = 'memory';
/** The call-tree run's directory (run/call-tree.ts), for the same reason. */
export const CALL_TREE_DIRECTORY = 'callgrind';
/** The folded tree a call-tree run leaves beside its profiles (read back by flame/load.ts). */
export const CALL_TREE_FILE = 'call-tree.json';

/**
 * The logs sit where the benchmark can write (it knows its pid): they are read as plain files only,
 * and bounded. Valgrind writes the command line first and the terminating signal last.
 */
const LOG_HEAD = 4 * MiB;
const LOG_TAIL = 1 * MiB;
/** A verbose log names each object as it is loaded: far more than any real program's list. */
export const LOG_OBJECTS = 32 * MiB;

/** Valgrind's arguments that put one profile and one log per process into `dir` (absolute). */
export function outputFileArgs(dir: string, tool: ValgrindTool = 'cachegrind'): string[] {
  return [`--${tool}-out-file=${join(dir, `${tool}.out.%p`)}`, `--log-file=${join(dir, 'valgrind.%p.log')}`];
}

/** What identifies a live process as one of this benchmark's: its Valgrind command line names `dir`. */
export function processMarker(dir: string): string {
  return `--log-file=${join(dir, 'valgrind.')}`;
}

export interface ProcessFiles {
  pid: number;
  /** File names within the directory. */
  profile?: string;
  log?: string;
}

/** The processes that left files in `dir`, by pid. */
export function processFiles(dir: string, tool: ValgrindTool = 'cachegrind'): ProcessFiles[] {
  const byPid = new Map<number, ProcessFiles>();
  for (const name of readdirSync(dir)) {
    const profile = PROFILE[tool].exec(name);
    const log = LOG.exec(name);
    const pid = Number((profile ?? log)?.[1]);
    if (!profile && !log) continue;
    const entry = byPid.get(pid) ?? { pid };
    if (profile) entry.profile = name;
    else entry.log = name;
    byPid.set(pid, entry);
  }
  return [...byPid.values()].sort((a, b) => a.pid - b.pid);
}

/** The command line a Valgrind log names ("==12== Command: sh -c …"), or undefined. */
function commandInLog(text: string): string | undefined {
  return /^==\d+== Command: (.*)$/m.exec(text)?.[1];
}

/**
 * Processes that started (a log) but never ended (no profile): still running when the benchmark's
 * main process exited, or killed without a chance to write. Their work is not in the count.
 */
export function unfinishedProcesses(dir: string, tool: ValgrindTool = 'cachegrind'): { pid: number; command: string }[] {
  return processFiles(dir, tool)
    .filter((p) => p.log && !p.profile)
    .map((p) => {
      // Unreadable or not a plain file: named by pid alone.
      const text = readHead(join(dir, p.log!), LOG_HEAD) ?? '';
      return { pid: p.pid, command: commandInLog(text) ?? '(unknown command)' };
    });
}

/** The signal Valgrind says killed process `pid` ("Process terminating with default action of signal 11 (SIGSEGV)"). */
export function terminatingSignal(dir: string, pid: number): string | null {
  const text = readTail(join(dir, `valgrind.${pid}.log`), LOG_TAIL) ?? '';
  return /Process terminating with default action of signal \d+ \((SIG\w+)\)/.exec(text)?.[1] ?? null;
}

/**
 * The files a process loaded, from its verbose Valgrind log ("Reading syms from /usr/bin/dash"):
 * the program first (for a `#!` script, its interpreter), then its shared libraries; Valgrind's own
 * are left out. After an exec the log is rewritten, so it names the last program the process ran.
 */
export function loadedObjects(logText: string): string[] {
  const paths: string[] = [];
  for (const m of logText.matchAll(/^--\d+-- Reading syms from (\/\S+)/gm)) {
    const path = m[1]!;
    if (path.includes('/valgrind/') || paths.includes(path)) continue;
    paths.push(path);
  }
  return paths;
}
