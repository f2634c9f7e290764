import { formatChoicesText } from '../report/index.ts';

/** The exit codes, with what exit 1 means for the command (`one`). */
const exitCodes = (one: string) => `Exit codes:
  0  fine
  1  ${one}
  2  usage, configuration, baseline file or output directory error (nothing measured)
  3  a benchmark or a setup command failed or timed out
  70  an internal error of cg-bench's own: a bug (please report it, with the command and its output)
  129, 130, 143  interrupted by SIGHUP, SIGINT or SIGTERM: every benchmark stopped; no file left half-written`;
const REGRESSION = 'a regression over its threshold (with --fail-on-regression)';

const PATHS = `Paths:
  on the command line and in environment variables (CG_BENCH_VALGRIND): relative to your directory
  in cg-bench.yml (cwd): relative to the directory of cg-bench.yml
  inside results.json (logs, cachegrind.out files): relative to the directory of results.json`;

/** --format's choices, from the one list of formats; wrapped under the option's description. */
const FORMATS = formatChoicesText()
  .replace(/(.{1,70})(?: |$)/g, '$1\n                             ')
  .trimEnd();

export const HELP: Record<string, string> = {
  main: `cg-bench — deterministic benchmarks: run each one under Valgrind's Cachegrind with a fixed cache
geometry and fold the counts into one number, estimated cycles = L1 hits + 5·LL hits + 35·RAM hits.

Usage: cg-bench <command> [options]

Commands:
  run        measure the benchmarks of cg-bench.yml (and compare with a baseline)
  compare    compare two results.json files
  check      measure every benchmark twice and report any difference (nondeterminism)
  diff       every function and source line whose cost changed between two results.json
  history    draw estimated cycles per benchmark over successive results.json as an SVG
  paired     time the wallclock/counters benchmarks of this checkout and a base checkout, paired
  merge      join the results of a sharded run (run --shard I/N on N machines) into one
  bisect     find the first commit between GOOD and BAD whose count differs from GOOD's
  env        print the simulated machine and userland that results are measured on

Options:
  -h, --help     show help (also: cg-bench <command> --help)
  -V, --version  print the version

${PATHS}

${exitCodes(`${REGRESSION}; for check, a nondeterministic benchmark`)}`,
  run: `Usage: cg-bench run [options]

Measures every benchmark of the configuration under Cachegrind and writes OUT/results.json,
OUT/report.md and, per benchmark, its logs and compressed cachegrind.out files.

Options:
  -c, --config FILE          configuration (default: cg-bench.yml)
  -o, --out DIR              output directory (default: .cg-bench)
  -b, --baseline FILE        compare with this results.json
      --save-baseline FILE   also save the results there (atomically; never from a failed run)
  -f, --filter PATTERN       only benchmarks whose name contains PATTERN (* and ? are wildcards)
  -j, --jobs N               benchmarks run at once (default 1; results are identical for any N)
      --shard I/N            measure only part I of N (balanced on last known durations; join the
                             parts with cg-bench merge)
      --durations FILE       a results.json whose wall times balance the parts (default: --baseline)
      --call-tree            also run each benchmark under Callgrind and keep its call tree in
                             OUT/benchmarks/*/callgrind/call-tree.json (for cg-bench diff --flame);
                             with a --baseline measured so too, OUT/flame/NN-<benchmark>.svg: a
                             differential flame graph of each benchmark that changed
      --threshold PERCENT    override every benchmark's threshold (e.g. 0.5%)
      --fail-on-regression   exit 1 when a benchmark regressed beyond its threshold
      --format FORMAT        what to print on stdout:
                             ${FORMATS}
  -h, --help                 show this help

${PATHS}

${exitCodes(REGRESSION)}`,
  compare: `Usage: cg-bench compare BASE HEAD [options]

Compares two results.json files (or the output directories holding them) benchmark by benchmark.

Options:
      --threshold PERCENT    override every benchmark's threshold (e.g. 0.5%)
      --fail-on-regression   exit 1 when a benchmark regressed beyond its threshold
      --format FORMAT        ${FORMATS}
      --top N                functions listed per changed benchmark (default 5)
  -h, --help                 show this help

${exitCodes(REGRESSION)}`,
  check: `Usage: cg-bench check [options]

Measures every benchmark twice (into OUT/check-1 and OUT/check-2, each with its results.json) and
reports any benchmark whose counts differ: a nondeterministic benchmark (threads, time, randomness,
addresses) cannot be compared.

Options:
  -c, --config FILE          configuration (default: cg-bench.yml)
  -o, --out DIR              output directory (default: .cg-bench)
  -f, --filter PATTERN       only benchmarks whose name contains PATTERN
  -j, --jobs N               benchmarks run at once (default 1)
  -h, --help                 show this help

${exitCodes('a nondeterministic benchmark: two runs of it counted differently')}`,
  diff: `Usage: cg-bench diff BASE HEAD [--benchmark NAME] [--format terminal|markdown] [--top N] [--flame DIR]

Shows, per benchmark, every recorded function whose estimated cycles changed and, under each, its
source lines whose cost changed (file:line, the code, base → head). BASE and HEAD are results.json
files or the directories holding them. Lines are matched by their text, so code that only moved is
not reported; results.json keeps the 20 costliest lines of the 50 costliest functions. Where both
sides were measured with run --call-tree, each function's cost with its callees is shown too, and
the callers whose cost with callees changed most.

Options:
      --benchmark NAME       only this benchmark
      --format FORMAT        terminal (default) or markdown
      --top N                functions and lines listed per benchmark and function (default 20)
      --flame DIR            also write DIR/NN-<benchmark>.svg, a differential flame graph of each
                             benchmark that regressed or improved (or of --benchmark NAME), from
                             the call trees of cg-bench run --call-tree on both sides (docs/flame.md)
  -h, --help                 show this help`,
  history: `Usage: cg-bench history RESULTS... [--out FILE] [--order given|created]

Draws each benchmark's estimated cycles over successive runs (oldest first) as an SVG: one panel per
benchmark, relative to its first run; a change beyond the benchmark's threshold from the run before
is a red or green point; runs that are not comparable (another machine, image or executables) break
the line, never count as a change. RESULTS are results.json files, their directories, or a
directory of runs (its subdirectories' results.json and its *.json files, in name order, 2 before
10). A run is labelled by its directory's or file's name (a full commit hash cut to 7). At most 200
runs and 500 benchmarks. Same inputs, same bytes.

Options:
  -o, --out FILE             write the SVG there (default: stdout)
      --order ORDER          given (default: as listed) or created (by each results' createdAt)
  -h, --help                 show this help`,
  paired: `Usage: cg-bench paired BASE_DIR [options]

For what Cachegrind cannot see (system calls, I/O, locks, the branch predictor, SIMD width): the
benchmarks with mode: wallclock (or cputime, or counters) in cg-bench.yml, of this checkout (head) and of
the base checkout BASE_DIR (its cg-bench.yml at the same relative path), run natively on this
machine, base and head alternately (ABBA), after 3 warm-up pairs, until the budget is spent. Each
side's setup runs first. Pinned to one CPU, ASLR off and priority raised (nice -10) where the
machine allows; timed from exec to exit (x86-64 Linux: cg-bench's stopwatch helper). The verdict
comes from the paired log ratios: their Hodges-Lehmann estimate with its Wilcoxon signed-rank 95%
interval; a regression only when the whole interval is beyond the threshold, "no significant
change" only when it is wholly within it, else "inconclusive" (too noisy: a longer --budget or a
larger threshold decides). Pairs further than 5 MADs from the median are dropped (the only
outlier rule). Raw samples: OUT/paired.json (and --results FILE).

Options:
  -c, --config FILE          configuration (default: cg-bench.yml)
  -o, --out DIR              where paired.json and the setup logs go (default: .cg-bench/paired)
      --benchmark NAME       only this benchmark
      --budget DURATION      time for each benchmark's runs (default: its budget: in cg-bench.yml, else 60s)
      --threshold PERCENT    override every benchmark's threshold
      --fail-on-regression   exit 1 when a benchmark regressed beyond its threshold
      --counters-fallback F  when mode: counters finds no hardware counters: fail (default), cputime
                             or wallclock
      --results FILE         also record them (raw samples included) in this results.json from cg-bench
                             run, so its report and the comment show them in a table of their own
      --format FORMAT        terminal (default), markdown or json
  -h, --help                 show this help

${exitCodes(REGRESSION)}`,
  merge: `Usage: cg-bench merge PART... [options]

Joins the parts of a sharded run (each a results.json, or the --out directory holding one, from
cg-bench run --shard I/N) into OUT/results.json, with the logs and cachegrind.out files they name:
the same benchmarks in the same order with the same numbers as one machine measuring them all.
Refused, naming the file: a missing or repeated part, parts from another configuration or machine,
a benchmark measured twice or not at all.

Options:
  -o, --out DIR              output directory (default: .cg-bench)
  -b, --baseline FILE        compare the merged results with this results.json
      --save-baseline FILE   also save the merged results there (never from a failed run)
      --threshold PERCENT    override every benchmark's threshold (e.g. 0.5%)
      --fail-on-regression   exit 1 when a benchmark regressed beyond its threshold
      --format FORMAT        ${FORMATS}
  -h, --help                 show this help

${exitCodes(REGRESSION)}`,
  bisect: `Usage: cg-bench bisect GOOD BAD --benchmark NAME [options]

Finds the first commit on BAD's first-parent line after GOOD (git rev-list --first-parent
GOOD..BAD) whose estimated cycles for NAME differ from GOOD's by more than the threshold (by
default: differ at all), by binary search: GOOD and at most ⌈log2 (N+1)⌉ of the N commits after
it, one run each (the count is exact), once GOOD and BAD, each measured twice, have shown that the
count repeats (when it does not, bisect stops with exit 1 naming the functions that differ). Each commit is checked out at one path, OUT/bisect/worktree
(git hooks off), built by its own setup and measured with its own committed cg-bench.yml; a commit
where the benchmark fails or is missing is skipped, as git bisect skip. Prints the commit, the
change, and the functions and source lines that changed against its parent (lines need -g);
progress goes to stderr, each commit's results to OUT/bisect/commits/SHA/.

Options:
      --benchmark NAME       the benchmark to follow (required)
      --threshold PERCENT    a commit differs when its count moved more than this from GOOD's (default 0)
  -c, --config FILE          configuration, in the repository (default: cg-bench.yml)
  -o, --out DIR              output directory (default: .cg-bench)
      --top N                functions and lines listed (default 5)
  -h, --help                 show this help

Exit codes: 0 found; 1 BAD's count is GOOD's (nothing to find); 2 usage: unknown commit, GOOD not
an ancestor of BAD, unknown benchmark at GOOD, uncommitted changes to the configuration (nothing
measured); 3 the benchmark fails at GOOD, or skipped commits leave the answer open (the
candidates are listed).`,
  env: `Usage: cg-bench env [--json] [--config FILE]

Prints what results are measured on: cg-bench, Valgrind, glibc, OS, Python, architecture, the CPU
that Valgrind presents to programs, the cache geometry and weights, and the image when known.`,
};
