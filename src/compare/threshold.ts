/**
 * The threshold a change is judged by when the caller gives none: the stricter of the base's and the
 * head's own. The head's configuration is the change's: a pull request that raised its benchmark's
 * threshold to 50 % had its +30 % reported unchanged (a new user, r14); a raise counts from the next change.
 */
export function stricterThreshold(base: number | undefined, head: number | undefined): number {
  const given = [base, head].filter((t): t is number => t !== undefined);
  return given.length ? Math.min(...given) : 0;
}
