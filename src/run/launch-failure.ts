import { LOG_TAIL_BYTES } from '../untrusted/read.ts';

/**
 * Why Valgrind could not start a benchmark's program, in cg-bench's words, read from what the run
 * itself said: Valgrind's last line of stderr, `valgrind: PROGRAM: REASON`, with its exit status.
 * Taken from the run, in the run's own view and as the code's uid, never from a lookup beside it:
 * a check made elsewhere (root's stat, or the code's uid outside the run's namespaces) answered for
 * files the run cannot see, and published whether they exist.
 */
const REASONS: readonly {
  status: number;
  words: string;
  message: (program: string, cwd: string, path: string | undefined) => string;
  /** For a name without a slash found on PATH: Valgrind's line names the file it found (`valgrind: DIR/NAME: …`), not the name. */
  foundOnPath?: (program: string, file: string) => string;
}[] = [
  { status: 127, words: 'command not found', message: (program, _cwd, path) => `command not found: ${program} (the benchmark's PATH is ${path})` },
  {
    status: 127,
    words: 'No such file or directory',
    // A relative path is the working directory's; an absolute one names its own.
    message: (program, cwd) => `command not found: ${program} (no such file${program.startsWith('/') ? '' : ` in ${cwd}`})`,
  },
  { status: 126, words: 'is a directory', message: (program) => `not a file: ${program}` },
  {
    status: 126,
    words: 'Permission denied',
    message: (program) => `cannot execute ${program}: EACCES`,
    foundOnPath: (program, file) => `cannot execute ${program} (${file}, found on the benchmark's PATH): EACCES`,
  },
  {
    status: 126,
    words: 'bad interpreter: No such file or directory',
    message: (program) => `cannot execute ${program}: the interpreter its #! line names does not exist where the benchmark runs`,
  },
  {
    status: 126,
    words: 'bad interpreter: Permission denied',
    message: (program) => `cannot execute ${program}: the interpreter its #! line names cannot be executed (EACCES)`,
  },
];

/**
 * The message for a run that ended with `exitCode` and whose stderr ends with `stderrEnd` (its last
 * LOG_TAIL_BYTES, as logTail reads them), when Valgrind said there it could not start `program`; else undefined.
 */
export function launchFailure(program: string, exitCode: number | null, stderrEnd: string, cwd: string, path: string | undefined): string | undefined {
  const text = stderrEnd.trimEnd();
  const last = text.slice(text.lastIndexOf('\n') + 1);
  // A program name longer than what was read: the line began before it, and only its end is there
  // (only when the read was cut: a short stderr must be the whole line).
  const cut = last === text && Buffer.byteLength(stderrEnd) >= LOG_TAIL_BYTES;
  for (const reason of REASONS) {
    if (exitCode !== reason.status) continue;
    const line = `valgrind: ${program}: ${reason.words}`;
    const cutAtStart = cut && last.length > line.length - program.length && line.endsWith(last);
    if (last === line || cutAtStart) return reason.message(program, cwd, path);
    const suffix = `: ${reason.words}`;
    if (reason.foundOnPath && !program.includes('/') && last.startsWith('valgrind: ') && last.endsWith(`/${program}${suffix}`))
      return reason.foundOnPath(program, last.slice('valgrind: '.length, -suffix.length));
  }
  return undefined;
}
