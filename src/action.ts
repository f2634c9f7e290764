import * as core from '@actions/core';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAction } from './github/run.ts';

// The action's directory (dist/..): where action.yml and image.lock.json live.
const actionDir = join(dirname(fileURLToPath(import.meta.url)), '..');

await runAction(
  {
    getInput: (name) => core.getInput(name),
    setOutput: (name, value) => core.setOutput(name, value),
    info: (m) => core.info(m),
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
