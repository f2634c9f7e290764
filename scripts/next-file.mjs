// Which test file starts when a slot frees (scripts/run-tests.mjs), from the files then running: a
// pure function, so that tests/unit/next-file.test.ts can check the rules without running a suite.

/**
 * Takes the file to start next out of `left` (kept in priority order) and returns it, or undefined
 * when every file left would wait (the slot then stays free until a file ends). `running`: the files
 * running now. `rules`: `slots` (files at once besides the waiting files'), `waiting(f)` (a file that
 * mostly waits: runners, the action), `exclusive(f)` (holds the engine lock alone), `waits(f, other)`
 * (f would wait on other, or be disturbed by it), `ready(f)` (f can start now: the image it needs is
 * built), `unit(f)` (short and lock-free: what goes beside an exclusive file).
 * In `left`'s order, the first that would wait on none of the running files; with `slots` of the
 * others running, a waiting file only (while any is left that could start now); one that is ready before one that is
 * not; a unit file only once no exclusive file is left (they are kept for beside those), unless
 * nothing else can start. An exclusive file that must wait keeps its place: no file after it that
 * it would wait on starts meanwhile (else, the slots refilled as they free, it ran last, alone).
 */
export function takeNext(left, running, rules) {
  const { slots, waiting, exclusive, waits, ready, unit } = rules;
  const others = running.filter((f) => !waiting(f)).length;
  const reserved = left.filter((f) => exclusive(f) && running.some((r) => waits(f, r)));
  const behind = (f) => reserved.some((e) => e !== f && left.indexOf(e) < left.indexOf(f) && waits(f, e));
  // A waiting file that could not start now (it would wait on a running file, or it is held behind
  // an exclusive one) keeps no slot free: the waiting slot stood empty for 350 s of a CI run, the
  // last runner being exclusive.
  const startable = (f) => !running.some((r) => waits(f, r)) && !behind(f);
  const waitingCanStart = left.some((w) => waiting(w) && startable(w));
  const fits = (f) => others < slots || waiting(f) || !waitingCanStart;
  const free = (f) => fits(f) && startable(f);
  const spare = (f) => !unit(f) || !left.some(exclusive);
  for (const take of [(f) => free(f) && ready(f) && spare(f), (f) => free(f) && spare(f), free]) {
    const i = left.findIndex(take);
    if (i !== -1) return left.splice(i, 1)[0];
  }
  return undefined;
}
