import * as core from '@actions/core';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inertLines } from './github/inert-log.ts';
import { runAction } from './github/run.ts';
import { exitOnInterrupt } from './run/interrupt.ts';
import { ownFilesOnly } from './untrusted/own-modes.ts';

ownFilesOnly();

// A cancelled workflow: stop the benchmarks measured in this process, exit 130/143.
exitOnInterrupt((line) => process.stderr.write(line));

// The action's directory (dist/..): where action.yml and image.lock.json live.
const actionDir = join(dirname(fileURLToPath(import.meta.url)), '..');

await runAction(
  {
    getInput: (name) => core.getInput(name),
    setOutput: (name, value) => core.setOutput(name, value),
    // Every info line may carry pull-request text: never a workflow command.
    info: (m) => core.info(inertLines(m)),
    warning: (m) => core.warning(m),
    notice: (m) => core.notice(m),
    setFailed: (m) => core.setFailed(m),
    writeSummary: async (markdown) => {
      if (process.env['GITHUB_STEP_SUMMARY']) await core.summary.addRaw(markdown, true).write();
    },
  },
  process.env,
  actionDir,
);
