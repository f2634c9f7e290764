import { runGitLabJob } from './gitlab/run.ts';
import { exitOnInterrupt } from './run/interrupt.ts';
import { ownFilesOnly } from './untrusted/own-modes.ts';

ownFilesOnly();

// A cancelled pipeline: stop the benchmarks measured in this process, exit 130/143.
exitOnInterrupt((line) => process.stderr.write(line));

// The GitLab CI/CD component's job script: `node /opt/cg-bench/dist/gitlab.js`.
process.exitCode = await runGitLabJob(process.env, {
  info: (m) => process.stdout.write(`${m}\n`),
  warning: (m) => process.stdout.write(`\x1b[33mWARNING: ${m}\x1b[0m\n`),
  write: (t) => process.stdout.write(t),
});
