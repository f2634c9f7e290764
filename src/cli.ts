import { main } from './cli/main.ts';
import { exitOnInterrupt } from './run/interrupt.ts';

// Ctrl-C, a closed terminal or a CI job's cancellation: stop every process cg-bench started, exit 129/130/143.
exitOnInterrupt((line) => process.stderr.write(line));

// `cg-bench env | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// No top-level await: the bundle is CommonJS, compiled through V8's code cache (src/start/code-cache.ts).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
