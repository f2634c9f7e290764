import { resolve } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { projectDirectory } from '../untrusted/project-path.ts';
import type { CiAdapter } from './types.ts';

/**
 * The working-directory input names a directory of the checkout, said before anything runs: a
 * missing one stopped the GitLab job with exit 70, and `../..` copied the whole builds directory,
 * other projects' .git/config included, to the code's workspace (a new user's trial r14). Resolved
 * within the checkout only (untrusted/project-path.ts), as a benchmark's `cwd:` is.
 */
export function checkWorkingDirectory(ci: Pick<CiAdapter, 'repoRoot' | 'workingDirectory'>): void {
  const found = projectDirectory(ci.repoRoot, resolve(ci.repoRoot, ci.workingDirectory));
  if ('problem' in found) {
    const problem = found.problem === 'is outside the project' ? 'is outside the checkout' : found.problem;
    throw new CgBenchError(
      `input "working-directory": ${JSON.stringify(ci.workingDirectory)} ${problem} (${ci.repoRoot}); give a directory of the checkout, relative to its root`,
    );
  }
}
