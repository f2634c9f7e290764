// What the dogfood tests share: the project's own CI files (.github/workflows/ci.yml, .gitlab-ci.yml)
// run on this checkout's examples/, as the forge runs them on cg-bench's repository.
//   - The repository: this checkout's files (tracked and new, not ignored) pushed to a bare origin
//     as `main`, and a docs-only branch off it (its pull/merge request must say "unchanged": same
//     code, same numbers).
//   - The image: both CI files build the image from the checkout and the examples' derived image on
//     it; the tests take the image the image tests build (tests/image/build-image.sh) and the same
//     derived-image recipe on it, cached by the engine between runs.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git, ROOT, tempDir } from '../helpers.ts';

/** The benchmarks of examples/cg-bench.yml, as the report names them. */
export const EXAMPLE_BENCHMARKS = ['c-qsort-200k', 'python-dicts', 'rust-primes-2m', 'memory-linear', 'memory-random'];

export interface DogfoodRepo {
  origin: string;
  main: string;
  /** A docs-only commit on branch `docs`, off `main`. */
  docs: string;
  /** Removes the origin and the work tree it was made in. */
  remove: () => void;
}

/** The checkout's files the CI files use: the action, the component, the examples, the CI files. */
const PATHS = ['.ci', '.github', '.gitlab-ci.yml', 'action.yml', 'dist', 'examples', 'image.lock.json', 'schemas', 'templates', 'README.md'];

export function makeDogfoodRepo(): DogfoodRepo {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...PATHS], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files: ${listed.stderr}`);
  const work = tempDir('cg-bench-dogfood-work-');
  git(work, 'init', '-q', '-b', 'main');
  for (const path of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    try {
      copyFileSync(join(ROOT, path), join(work, path));
    } catch (error) {
      // Deleted in the working tree but not yet in the index: not part of this checkout.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'cg-bench');
  const main = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '-b', 'docs');
  writeFileSync(join(work, 'README.md'), '# cg-bench\n\nDocs only.\n');
  git(work, 'commit', '-q', '-am', 'docs only');
  const docs = git(work, 'rev-parse', 'HEAD');
  const origin = tempDir('cg-bench-dogfood-origin-');
  git(origin, 'init', '--bare', '-q', '-b', 'main');
  git(work, 'push', '-q', origin, 'main', 'docs');
  const remove = () => {
    for (const dir of [work, origin]) rmSync(dir, { recursive: true, force: true });
  };
  return { origin, main, docs, remove };
}
