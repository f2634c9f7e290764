/**
 * What cg-bench makes in a CI job (its output directory and everything in it) is writable by its own
 * uid alone, whatever umask the job has: GitLab's runner checks out with umask 0000, and its
 * Kubernetes executor runs the job so. With 0000, the output directories were 0777, and the merge
 * request's code, run as another uid, swapped the base's results.json and call trees in them for its
 * own (attack r14). The code inherits it too, so its files have the same modes in every CI.
 */
export function ownFilesOnly(): void {
  process.umask(0o022);
}
