import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;

/**
 * How cg-bench runs what it measures, where that reaches the count: the code's environment (its
 * bytes and their order: `env -i` sets it since 2), symbol binding for regions, the seal's steps.
 * Raised with every such change, so a result of an older cg-bench compares as not comparable, never
 * as a change of the code (2: the order moved C programs' counts by ~14 instructions; 3: a `run:`
 * string of plain words runs without /bin/sh, whose start-up was in the count: config/command.ts,
 * and is a Python benchmark by its program, as its argv list is).
 */
export const MEASUREMENT_METHOD = 3;
