import { main } from './cli/main.ts';
import { ExitCode } from './errors.ts';
import { exitOnInterrupt } from './run/interrupt.ts';

// Ctrl-C, a closed terminal or a CI job's cancellation: stop every process cg-bench started, exit 129/130/143.
exitOnInterrupt((line) => process.stderr.write(line));

// Whether main() came to an end (or cg-bench chose to stop early): a process that exits before, its
// event loop drained with main() still pending or an uncaught error, is an internal error (70), never
// 0 ("no regression") or 1 ("a regression").
let ended = false;

// `cg-bench env | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') {
    ended = true;
    process.exit(process.exitCode ?? 0);
  }
  throw error;
});

// (130/143/129 from exitOnInterrupt are left as they are.)
process.on('exit', (code) => {
  if (!ended && (code === 0 || code === 1)) {
    process.stderr.write('cg-bench: internal error: stopped before the command ended\n');
    process.exitCode = ExitCode.internal;
  }
});

// No top-level await: the bundle is CommonJS, compiled through V8's code cache (src/start/code-cache.ts).
main(process.argv.slice(2)).then(
  (code) => {
    ended = true;
    process.exitCode = code;
  },
  (error: unknown) => {
    ended = true;
    process.stderr.write(`cg-bench: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = ExitCode.internal;
  },
);
