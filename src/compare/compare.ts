import { CgBenchError, errorMessage } from '../errors.ts';
import { unrecordedAtMost } from '../metric/aggregate.ts';
import { executableDifference } from './executables.ts';
import { ANOTHER_SEAL, sealDifference } from './seal.ts';
import { lineChanges, type LineChange } from './line-changes.ts';
import { compareMemory, type MemoryComparison } from './memory.ts';
import { stricterThreshold } from './threshold.ts';
import type { BenchmarkResult, Environment, Results } from '../results/types.ts';

export type Verdict = 'regression' | 'improvement' | 'unchanged' | 'new' | 'removed' | 'failed' | 'not-comparable';
const VERDICTS: readonly Verdict[] = ['regression', 'improvement', 'unchanged', 'new', 'removed', 'failed', 'not-comparable'];

/**
 * A function whose own cost changed. A side is null when results.json did not record the function
 * there (it fell below that side's recorded share): its cost is then at most `unrecordedAtMost`, and
 * `change` is the smallest change that is certain.
 */
export interface FunctionChange {
  fn: string;
  file: string;
  base: number | null;
  head: number | null;
  change: number;
  unrecordedAtMost?: number;
  /** Its source lines whose cost changed most, when both sides recorded lines. */
  lines?: LineChange[];
  /** Its inclusive estimated cycles (with its callees), from both sides' call trees when there are (flame/inclusive.ts). */
  inclusive?: { base: number; head: number };
}

/**
 * The part of a benchmark's change the listed functions do not account for: the "other functions"
 * row. Functions' own costs add up to the benchmark's, so the rest is exact; a side is null when a
 * listed function was not recorded there (its cost on that side is then unknown).
 */
export interface OtherFunctions {
  /** Functions recorded on either side, not listed, whose cost changed (or was recorded on one side only). */
  count: number;
  /** Whether some of the rest is in functions results.json recorded on neither side (each below FUNCTION_SHARE). */
  unrecorded: boolean;
  base: number | null;
  head: number | null;
  change: number;
}

/** The listed functions leave more than this share of a change unexplained: an "other functions" row. */
const OTHER_FUNCTIONS_SHARE = 0.01;

export interface BenchmarkComparison {
  name: string;
  verdict: Verdict;
  thresholdPercent: number;
  /** What the reports show of the baseline's benchmark (not all of it: see BaseFigures). */
  base: BaseFigures | undefined;
  head: BenchmarkResult | undefined;
  /** head − base estimated cycles, when both were measured. */
  change: number | null;
  /** change ÷ base. */
  relative: number | null;
  /** The functions whose estimated cycles changed most, largest absolute change first. */
  functions: FunctionChange[];
  /** The rest of the change, when the listed functions leave more than OTHER_FUNCTIONS_SHARE of it unexplained. */
  otherFunctions?: OtherFunctions;
  /**
   * With call trees on both sides: the functions not listed above whose inclusive cost (with their
   * callees) changed most, largest first: the callers a callee's change is attributed up to.
   */
  callers?: { fn: string; base: number; head: number }[];
  /** Why this benchmark alone is not comparable (it ran under another seal, or other programs or libraries than the base). */
  notComparable?: string;
  /**
   * Its heap figures, when either side measured them (`memory: true`). A memory regression makes
   * the benchmark a regression even when its cycles did not move (and an improvement one).
   */
  memory?: MemoryComparison;
}

/**
 * What a comparison keeps of a baseline's benchmark once compared: the figures the reports show.
 * Not its functions, lines, processes or logs (the head's are in its results): a baseline of
 * thousands of benchmarks read a benchmark at a time (results/by-benchmark.ts) is then never held whole.
 */
type BaseFigures = Pick<BenchmarkResult, 'estimatedCycles' | 'events' | 'hits' | 'python'>;

function figuresOf(base: BenchmarkResult): BaseFigures {
  const { estimatedCycles, events, hits, python } = base;
  return python ? { estimatedCycles, events, hits, python } : { estimatedCycles, events, hits };
}

export interface Comparison {
  /** False when the simulated machine or the userland differ: changes are then not attributed to the code. */
  comparable: boolean;
  differences: string[];
  benchmarks: BenchmarkComparison[];
  counts: Record<Verdict, number>;
}

export interface CompareOptions {
  /** Overrides every benchmark's own threshold. */
  thresholdPercent?: number | undefined;
  topFunctions?: number;
  /** Lines listed per changed function (default 5). */
  topLines?: number;
  /** The benchmarks this run chose to measure (--filter): the baseline's others are left out, not "removed". */
  selected?: ((name: string) => boolean) | undefined;
}

/** The cache geometry and weights: together they define the unit of estimated cycles. */
export type Metric = Pick<Environment, 'cache' | 'weights'>;

function describeMetric(m: Metric): string {
  return `I1=${m.cache.I1} D1=${m.cache.D1} LL=${m.cache.LL}; weights l1=${m.weights.l1} ll=${m.weights.ll} ram=${m.weights.ram}`;
}

/** Geometry and weights define the metric itself: results measured with others are a different unit. */
export function assertSameMetric(base: Metric, head: Metric): void {
  const a = describeMetric(base);
  const b = describeMetric(head);
  if (a !== b) {
    throw new CgBenchError(`cannot compare: the baseline was measured with ${a}, the head with ${b}; measure both with the same cache and weights`);
  }
}

/**
 * A side whose host CPU has no AVX2 (the other's has): Valgrind presents another CPU there and glibc
 * picks other code paths, so counts differ by 2–31 % (figure 9). Named first, in words, because the
 * field-by-field list alone reads like noise. Only for x86 results whose CPU features were decoded.
 */
function missingAvx2(base: Environment, head: Environment): string[] {
  const x86 = (e: Environment) => e.cpu.features.length > 0;
  if (!x86(base) || !x86(head)) return [];
  const has = (e: Environment) => e.cpu.features.includes('avx2');
  if (has(base) === has(head)) return [];
  const [side, e] = has(base) ? ['head', head] : ['baseline', base];
  const model = e.cpu.brand ? ` (Valgrind presents ${e.cpu.brand.trim()})` : '';
  return [
    `the ${side}'s host CPU has no AVX2${model}: glibc takes other code paths there, and counts differ from an AVX2 host's by 2–31 %; measure both on AVX2 hosts`,
  ];
}

/** What differs in the simulated machine or userland, as "field: base → head". */
export function environmentDifferences(base: Environment, head: Environment): string[] {
  const fields: [string, unknown, unknown][] = [
    ['architecture', base.arch, head.arch],
    // A result of a cg-bench that ran its measurements otherwise: absent on both sides compares as before.
    ["cg-bench's measurement method (measure both with one cg-bench)", base.method ?? 'before 2', head.method ?? 'before 2'],
    ['Valgrind', base.valgrind, head.valgrind],
    ['glibc', base.glibc, head.glibc],
    ['OS', base.os, head.os],
    ['Python', base.python, head.python],
    ['workspace path', base.workspace, head.workspace],
    ['simulated CPU hwcaps', base.cpu.hwcaps, head.cpu.hwcaps],
    ['simulated CPU vendor', base.cpu.vendor, head.cpu.vendor],
    ['simulated CPU model', base.cpu.brand, head.cpu.brand],
    ['simulated CPU features', base.cpu.features.join(','), head.cpu.features.join(',')],
  ];
  if (base.image.digest && head.image.digest) fields.push(['image digest', base.image.digest, head.image.digest]);
  // Recorded since cg-bench 0.1 results grew `host`: compared when both sides have it.
  if (base.host && head.host) {
    const [b, h] = [base.host, head.host];
    fields.push(
      ['glibc CPU dispatch (ld.so x86 state)', b.dispatch, h.dispatch],
      ['glibc platform', b.platform, h.platform],
      ['glibc hwcaps subdirectories', b.hwcapsActive, h.hwcapsActive],
      ['auxiliary vector entry types', b.auxvTypes, h.auxvTypes],
      ['online CPUs', b.cpusOnline, h.cpusOnline],
      ['possible CPUs', b.cpusPossible, h.cpusPossible],
      ['CPUs in the affinity mask', b.affinity, h.affinity],
    );
    // Recorded since the loader cache was seen to move counts: compared when both sides have it.
    if (b.loaderFiles !== undefined && h.loaderFiles !== undefined)
      fields.push(['loader cache and preload list (/etc/ld.so.cache, /etc/ld.so.preload)', b.loaderFiles, h.loaderFiles]);
  }
  return [...missingAvx2(base, head), ...fields.filter(([, a, b]) => a !== b).map(([name, a, b]) => `${name}: ${String(a)} → ${String(b)}`)];
}

/**
 * Functions whose own cost changed, largest change first. A function recorded on one side only is
 * reported only when it is certain to have changed: its cost there exceeds the most an unrecorded
 * function can cost on the other side. Never "8,201 → 0" for a function that did not move.
 */
export function functionChanges(base: BenchmarkResult, head: BenchmarkResult, top: number, topLines = 5): FunctionChange[] {
  const key = (f: { fn: string; file: string }) => `${f.file}\u0000${f.fn}`;
  const baseByKey = new Map(base.functions.map((f) => [key(f), f]));
  const headByKey = new Map(head.functions.map((f) => [key(f), f]));
  const changes: FunctionChange[] = [];
  for (const h of head.functions) {
    const b = baseByKey.get(key(h));
    if (b) {
      if (h.estimatedCycles !== b.estimatedCycles) {
        const lines = lineChanges(b.lines, h.lines, topLines);
        changes.push({
          fn: h.fn,
          file: h.file,
          base: b.estimatedCycles,
          head: h.estimatedCycles,
          change: h.estimatedCycles - b.estimatedCycles,
          ...(lines.length ? { lines } : {}),
        });
      }
      continue;
    }
    const atMost = unrecordedAtMost(base);
    if (h.estimatedCycles > atMost)
      changes.push({ fn: h.fn, file: h.file, base: null, head: h.estimatedCycles, change: h.estimatedCycles - atMost, unrecordedAtMost: atMost });
  }
  for (const b of base.functions) {
    if (headByKey.has(key(b))) continue;
    const atMost = unrecordedAtMost(head);
    if (b.estimatedCycles > atMost)
      changes.push({ fn: b.fn, file: b.file, base: b.estimatedCycles, head: null, change: atMost - b.estimatedCycles, unrecordedAtMost: atMost });
  }
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file)).slice(0, top);
}

const functionKey = (f: { fn: string; file: string }) => `${f.file}\u0000${f.fn}`;

/** What the listed functions leave of the change (see OtherFunctions), or undefined when they explain nearly all of it. */
function otherFunctions(base: BenchmarkResult, head: BenchmarkResult, listed: readonly FunctionChange[]): OtherFunctions | undefined {
  if (base.estimatedCycles === null || head.estimatedCycles === null) return undefined;
  const change = head.estimatedCycles - base.estimatedCycles;
  const rest = change - listed.reduce((sum, f) => sum + f.change, 0);
  if (rest === 0 || Math.abs(rest) <= Math.abs(change) * OTHER_FUNCTIONS_SHARE) return undefined;
  const side = (total: number, values: (number | null)[]) => (values.every((v) => v !== null) ? total - values.reduce<number>((sum, v) => sum + v!, 0) : null);
  const shown = new Set(listed.map(functionKey));
  const baseCost = new Map(base.functions.map((f) => [functionKey(f), f.estimatedCycles]));
  const headCost = new Map(head.functions.map((f) => [functionKey(f), f.estimatedCycles]));
  let count = 0;
  for (const key of new Set([...baseCost.keys(), ...headCost.keys()])) if (!shown.has(key) && baseCost.get(key) !== headCost.get(key)) count++;
  const recorded = (r: BenchmarkResult) => r.functions.reduce((sum, f) => sum + f.estimatedCycles, 0);
  const unrecorded = head.estimatedCycles - recorded(head) !== base.estimatedCycles - recorded(base);
  return {
    count,
    unrecorded,
    base: side(
      base.estimatedCycles,
      listed.map((f) => f.base),
    ),
    head: side(
      head.estimatedCycles,
      listed.map((f) => f.head),
    ),
    change: rest,
  };
}

function compareOne(
  name: string,
  base: BenchmarkResult | undefined,
  head: BenchmarkResult | undefined,
  comparable: boolean,
  options: CompareOptions,
): BenchmarkComparison {
  const thresholdPercent = options.thresholdPercent ?? stricterThreshold(base?.thresholdPercent, head?.thresholdPercent);
  const out: BenchmarkComparison = {
    name,
    verdict: 'unchanged',
    thresholdPercent,
    base: base && figuresOf(base),
    head,
    change: null,
    relative: null,
    functions: [],
  };
  if (!head) return { ...out, verdict: 'removed' };
  if (head.status !== 'ok' || head.estimatedCycles === null) return { ...out, verdict: 'failed' };
  if (base?.status !== 'ok' || base.estimatedCycles === null) return { ...out, verdict: 'new' };
  const change = head.estimatedCycles - base.estimatedCycles;
  const relative = base.estimatedCycles === 0 ? (change === 0 ? 0 : Infinity) : change / base.estimatedCycles;
  const functions = change === 0 ? [] : functionChanges(base, head, options.topFunctions ?? 5, options.topLines ?? 5);
  // Another program, library or seal: the count moved for a reason other than the code.
  const machineChanged = sealDifference(base.seal, head.seal) ?? executableDifference(base.executables, head.executables);
  let verdict: Verdict = 'unchanged';
  if (!comparable || machineChanged) verdict = 'not-comparable';
  else if (change !== 0 && Math.abs(relative) * 100 > thresholdPercent) verdict = change > 0 ? 'regression' : 'improvement';
  const memory = compareMemory(base, head, machineChanged ?? (comparable ? undefined : 'the environments differ'));
  if (memory?.verdict === 'regression' && verdict !== 'not-comparable') verdict = 'regression';
  else if (memory?.verdict === 'improvement' && verdict === 'unchanged') verdict = 'improvement';
  const other = change === 0 ? undefined : otherFunctions(base, head, functions);
  return {
    ...out,
    verdict,
    change,
    relative,
    functions,
    ...(other ? { otherFunctions: other } : {}),
    ...(machineChanged ? { notComparable: machineChanged } : {}),
    ...(memory ? { memory } : {}),
  };
}

/**
 * A baseline as compareResults reads it: its environment, and its benchmarks once, in its order.
 * Results are one; so is a results file read a benchmark at a time (results/by-benchmark.ts).
 */
export interface Baseline {
  environment: Environment;
  benchmarks: Iterable<BenchmarkResult>;
}

/**
 * Head against baseline, benchmark by benchmark, in head order with removed ones last. The baseline's
 * benchmarks are read once, each compared as it comes and only its figures kept.
 */
export function compareResults(base: Baseline, head: Results, options: CompareOptions = {}): Comparison {
  const differences = environmentDifferences(base.environment, head.environment);
  const comparable = differences.length === 0;
  const headsByName = new Map<string, BenchmarkResult[]>();
  for (const h of head.benchmarks) headsByName.set(h.name, [...(headsByName.get(h.name) ?? []), h]);
  // A later baseline benchmark of the same name replaces an earlier one, as a lookup by name would.
  const compared = new Map<BenchmarkResult, BenchmarkComparison>();
  const removed: BenchmarkComparison[] = [];
  for (const b of base.benchmarks) {
    const heads = headsByName.get(b.name);
    if (heads) for (const h of heads) compared.set(h, compareOne(h.name, b, h, comparable, options));
    else if (options.selected?.(b.name) ?? true) removed.push(compareOne(b.name, b, undefined, comparable, options));
  }
  // After reading the baseline, so that a benchmark it cannot read is named before the metric differs, as when it was read whole first.
  assertSameMetric(base.environment, head.environment);
  const benchmarks = [...head.benchmarks.map((h) => compared.get(h) ?? compareOne(h.name, undefined, h, comparable, options)), ...removed];
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const b of benchmarks) counts[b.verdict]++;
  return { comparable, differences, benchmarks, counts };
}

/** Why a stored baseline cannot stand in for one measured now, or undefined when it can. */
export function baselineProblem(base: Results, head: Results): string | undefined {
  try {
    const c = compareResults(base, head);
    if (!c.comparable) return `not comparable: ${c.differences.join('; ')}`;
    // Measured under another seal (or before seals were recorded): the commit measured now is comparable.
    const sealed = c.benchmarks.find((b) => b.notComparable?.startsWith(ANOTHER_SEAL));
    return sealed ? `${sealed.name}: ${sealed.notComparable}` : undefined;
  } catch (error) {
    return errorMessage(error);
  }
}

/** The comparison, or why there is none (a different metric): CI entry points report, never fail. */
export function compareWithBaseline(base: Results | undefined, head: Results, options: CompareOptions): { comparison?: Comparison; problem?: string } {
  if (!base) return {};
  try {
    return { comparison: compareResults(base, head, options) };
  } catch (error) {
    return { problem: errorMessage(error) };
  }
}
