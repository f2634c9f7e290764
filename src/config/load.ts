import { commandArgv } from './command.ts';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument, isMap, isNode, isScalar, type Document } from 'yaml';
import { CgBenchError, errorMessage } from '../errors.ts';
import type { ValidateFunction } from 'ajv';
import { schemaProblems, type SchemaProblem } from '../util/json-schema.ts';
import { validateConfig as generatedValidator } from './config-validator.generated.js';
import { absolutePath, resolveFrom, shownPath, type AbsolutePath } from '../util/paths.ts';
import { readTextBeneath, MiB } from '../untrusted/read.ts';
import { projectDirectory, type ProjectDirectoryProblem } from '../untrusted/project-path.ts';
import { cacheLevelProblem, parseDuration, parsePercent } from './values.ts';

/** Larger than any configuration a person writes. */
const CONFIG_LIMIT = MiB;
/** Node's timers hold at most 2^31 − 1 ms; a longer one fires at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
import {
  DEFAULT_CACHE,
  DEFAULT_THRESHOLD_PERCENT,
  DEFAULT_BUDGET_MS,
  DEFAULT_MEMORY_THRESHOLD_PERCENT,
  DEFAULT_TIMEOUT_MS,
  MAX_BUDGET_MS,
  DEFAULT_WEIGHTS,
  type BenchmarkSpec,
  type Command,
  type Config,
  type InstrumentMode,
  type MeasureMode,
} from './types.ts';

/** The shape the schema guarantees (before defaults). */
interface RawBenchmark {
  name: string;
  run: Command;
  env?: Record<string, string | number | boolean>;
  cwd?: string;
  threshold?: number | string;
  memory?: boolean;
  'memory-threshold'?: number | string;
  timeout?: number | string;
  budget?: number | string;
  instrument?: InstrumentMode;
  mode?: MeasureMode;
}
interface RawConfig {
  threshold?: number | string;
  memory?: boolean;
  'memory-threshold'?: number | string;
  timeout?: number | string;
  'setup-timeout'?: number | string;
  cache?: Partial<Record<'I1' | 'D1' | 'LL', string>>;
  weights?: Partial<Record<'l1' | 'll' | 'ram', number>>;
  env?: Record<string, string | number | boolean>;
  setup?: Command[];
  network?: boolean;
  'setup-network'?: boolean;
  cpus?: 'one' | 'all';
  benchmarks: RawBenchmark[];
}

/** Compiled from schemas/config.schema.json at build time (scripts/validators.mjs): no run compiles it. */
const validateConfig = generatedValidator as ValidateFunction<RawConfig>;

function located(file: string, doc: Document, lines: LineCounter, problem: SchemaProblem): string {
  // The offending node, or the nearest parent that exists (a missing key points at its object).
  for (let n = problem.segments.length; n >= 0; n--) {
    // A map entry is shown at its key ("runn:"), anything else at the value.
    const parent = n > 0 ? doc.getIn(problem.segments.slice(0, n - 1), true) : undefined;
    const pair = isMap(parent) ? parent.items.find((p) => isScalar(p.key) && p.key.value === problem.segments[n - 1]) : undefined;
    const node = isScalar(pair?.key) ? pair.key : doc.getIn(problem.segments.slice(0, n), true);
    if (isNode(node) && node.range) {
      const { line, col } = lines.linePos(node.range[0]);
      return `${file}:${line}:${col}: ${problem.path}: ${problem.message}`;
    }
  }
  return `${file}: ${problem.path}: ${problem.message}`;
}

/** A value that begins with { or [ after a key or a dash: YAML reads it as an inline mapping or list. */
const FLOW_VALUE = /^\s*(?:-\s+)*(?:[^\s#'"{[][^#]*?:\s+)?[{[]/;
const QUOTE_FLOW = ` (YAML reads a value beginning with { or [ as an inline mapping or list: to mean text, put the whole value in quotes, "{…} …")`;

/** Whether the value at `segments` was written as {…} (a flow mapping) where the schema wants something else. */
function writtenAsFlowMap(doc: Document, segments: (string | number)[]): boolean {
  const node = doc.getIn(segments, true);
  return isMap(node) && node.flow === true;
}

function fail(messages: string[]): never {
  const head = messages.length === 1 ? 'invalid configuration' : `${messages.length} problems in the configuration`;
  throw new CgBenchError(`${head}:\n${messages.map((m) => `  ${m}`).join('\n')}`);
}

function stringEnv(env: Record<string, string | number | boolean> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, String(v)]));
}

/** `file` is the configuration's absolute path: every path inside it is relative to its directory. */
/** Whether a list or mapping holds itself (an alias inside its own anchor): no configuration value can. */
function containsItself(value: unknown, path: Set<object> = new Set()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (path.has(value)) return true;
  path.add(value);
  const found = Object.values(value).some((v) => containsItself(v, path));
  path.delete(value);
  return found;
}

/**
 * Where a text of the configuration (a key or a value) holds a NUL character (YAML's "\0"): no
 * argument, variable or path can carry one to a process, so it is refused here, naming the field,
 * instead of failing every benchmark when the command is started.
 */
function nulCharacters(value: unknown, segments: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\0') ? [segments] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = [...segments, Array.isArray(value) ? Number(key) : key];
    return key.includes('\0') ? [here] : nulCharacters(v, here);
  });
}

/** segments as a field is written in messages: benchmarks[0].run[1]. */
function fieldPath(segments: (string | number)[]): string {
  const shown = segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return shown.replaceAll('\0', '\\0') || '(top level)';
}

export function parseConfig(text: string, file: AbsolutePath): Config {
  const shown = shownPath(file);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    fail(
      doc.errors.map((e) => {
        const pos = e.linePos?.[0];
        const line = pos ? (text.split('\n')[pos.line - 1] ?? '') : '';
        return `${shown}${pos ? `:${pos.line}:${pos.col}` : ''}: YAML: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}${FLOW_VALUE.test(line) ? QUOTE_FLOW : ''}`;
      }),
    );
  }
  let data: unknown;
  try {
    // A few aliases are fine; a "billion laughs" of them is refused before it is expanded.
    data = doc.toJS({ maxAliasCount: 1000 });
  } catch (error) {
    fail([`${shown}: YAML: ${errorMessage(error)} (too many aliases: expand them, or use fewer)`]);
  }
  if (data === null || data === undefined) fail([`${shown}: the file is empty; it needs at least a "benchmarks:" list`]);
  if (containsItself(data))
    fail([`${shown}: YAML: an alias (*name) is inside the value its anchor (&name) marks, so that value would contain itself; write it out instead`]);
  const withNul = nulCharacters(data);
  if (withNul.length)
    fail(
      withNul.map((segments) =>
        located(shown, doc, lines, {
          segments,
          path: fieldPath(segments),
          message: 'holds a NUL character ("\\0"), which no command, argument or variable can carry: remove it',
        }),
      ),
    );
  if (!validateConfig(data)) {
    fail(schemaProblems(validateConfig).map((p) => located(shown, doc, lines, p) + (writtenAsFlowMap(doc, p.segments) ? QUOTE_FLOW : '')));
  }
  const raw = data;
  const root = absolutePath(dirname(file), 'configuration directory');
  const problems: string[] = [];
  const where = (segments: (string | number)[], path: string, message: string) => located(shown, doc, lines, { segments, path, message });

  const cache = { ...DEFAULT_CACHE, ...raw.cache };
  for (const level of ['I1', 'D1', 'LL'] as const) {
    const problem = cacheLevelProblem(cache[level]);
    if (problem) problems.push(where(['cache', level], `cache.${level}`, `"${cache[level]}": ${problem}`));
  }
  const weights = { ...DEFAULT_WEIGHTS, ...raw.weights };
  if (weights.l1 + weights.ll + weights.ram === 0)
    problems.push(where(['weights'], 'weights', 'all three weights are 0: every benchmark would cost 0 and no change could be seen'));
  // YAML's .nan and .inf, and numbers beyond a double, are numbers the schema's bounds let through.
  const finite = (value: number | string | undefined, segments: (string | number)[], path: string, what: string) => {
    if (typeof value === 'number' && !Number.isFinite(value)) problems.push(where(segments, path, `${String(value)} is not ${what}`));
  };
  finite(raw.threshold, ['threshold'], 'threshold', 'a percentage (write 1% or 0.5%)');
  finite(raw['memory-threshold'], ['memory-threshold'], 'memory-threshold', 'a percentage (write 0% or 0.5%)');
  finite(raw.timeout, ['timeout'], 'timeout', 'a duration (write 90s, 10m or a number of seconds)');
  for (const level of ['l1', 'll', 'ram'] as const) finite(raw.weights?.[level], ['weights', level], `weights.${level}`, 'a number of cycles');
  const longest = (value: number | string | undefined, segments: (string | number)[], path: string) => {
    if (value !== undefined && parseDuration(value) > MAX_TIMEOUT_MS)
      problems.push(where(segments, path, `"${value}" is longer than cg-bench can wait (24 days)`));
  };
  longest(raw.timeout, ['timeout'], 'timeout');
  longest(raw['setup-timeout'], ['setup-timeout'], 'setup-timeout');
  const defaultThreshold = raw.threshold === undefined ? DEFAULT_THRESHOLD_PERCENT : parsePercent(raw.threshold);
  const defaultMemoryThreshold = raw['memory-threshold'] === undefined ? DEFAULT_MEMORY_THRESHOLD_PERCENT : parsePercent(raw['memory-threshold']);
  const defaultTimeout = raw.timeout === undefined ? DEFAULT_TIMEOUT_MS : parseDuration(raw.timeout);
  const globalEnv = stringEnv(raw.env);
  // Valgrind reads VALGRIND_OPTS (and the launcher others): options that change what is counted
  // come from cg-bench alone.
  const valgrindVariables = (env: Record<string, unknown> | undefined, segments: (string | number)[], path: string) => {
    for (const key of Object.keys(env ?? {}).filter((k) => /^VALGRIND_/.test(k))) {
      problems.push(
        where(
          [...segments, key],
          `${path}.${key}`,
          `Valgrind's own variables cannot be set: they would change what is counted; cg-bench sets Valgrind's options itself`,
        ),
      );
    }
  };
  valgrindVariables(raw.env, ['env'], 'env');

  const seen = new Map<string, number>();
  const benchmarks: BenchmarkSpec[] = raw.benchmarks.map((b, i) => {
    const first = seen.get(b.name);
    if (first !== undefined) {
      problems.push(where(['benchmarks', i, 'name'], `benchmarks[${i}].name`, `"${b.name}" is already the name of benchmarks[${first}]; names must be unique`));
    } else seen.set(b.name, i);
    const hidden = hiddenCharacter(b.name);
    if (hidden) {
      problems.push(
        where(
          ['benchmarks', i, 'name'],
          `benchmarks[${i}].name`,
          `has ${hidden} in it: a name must be one line of visible characters (no control, zero-width, bidi-override or other invisible characters), or two names could look the same`,
        ),
      );
    }
    const named = benchmarkDirectory(root, b.cwd);
    const cwd = 'real' in named ? (named.real as AbsolutePath) : resolveFrom(root, b.cwd ?? '.');
    if (b.cwd !== undefined) {
      const problem = 'problem' in named ? cwdProblemText(named.problem) : undefined;
      if (problem)
        problems.push(
          where(
            ['benchmarks', i, 'cwd'],
            `benchmarks[${i}].cwd`,
            `benchmark "${b.name}": "${b.cwd}" ${problem} (relative to the configuration's directory ${shownPath(root)})`,
          ),
        );
    }
    valgrindVariables(b.env, ['benchmarks', i, 'env'], `benchmarks[${i}].env`);
    finite(b.threshold, ['benchmarks', i, 'threshold'], `benchmarks[${i}].threshold`, 'a percentage (write 1% or 0.5%)');
    finite(b['memory-threshold'], ['benchmarks', i, 'memory-threshold'], `benchmarks[${i}].memory-threshold`, 'a percentage (write 0% or 0.5%)');
    if (b.memory === true && (b.mode ?? 'cachegrind') !== 'cachegrind') {
      problems.push(
        where(
          ['benchmarks', i, 'memory'],
          `benchmarks[${i}].memory`,
          `benchmark "${b.name}": only simulated benchmarks (mode: cachegrind) have memory figures; a timed benchmark runs natively, not under Valgrind`,
        ),
      );
    }
    finite(b.timeout, ['benchmarks', i, 'timeout'], `benchmarks[${i}].timeout`, 'a duration (write 90s, 10m or a number of seconds)');
    longest(b.timeout, ['benchmarks', i, 'timeout'], `benchmarks[${i}].timeout`);
    finite(b.budget, ['benchmarks', i, 'budget'], `benchmarks[${i}].budget`, 'a duration (write 30s or 2m)');
    if (b.budget !== undefined && (b.mode ?? 'cachegrind') === 'cachegrind') {
      problems.push(
        where(
          ['benchmarks', i, 'budget'],
          `benchmarks[${i}].budget`,
          'only timed benchmarks (mode: wallclock, cputime or counters) have a budget; a simulated count is made once',
        ),
      );
    } else if (b.budget !== undefined && !(parseDuration(b.budget) > 0 && parseDuration(b.budget) <= MAX_BUDGET_MS)) {
      problems.push(where(['benchmarks', i, 'budget'], `benchmarks[${i}].budget`, `"${b.budget}" is not a duration from 1ms to 1h`));
    }
    if (typeof b.run !== 'string' && b.run[0] === '') {
      problems.push(where(['benchmarks', i, 'run', 0], `benchmarks[${i}].run[0]`, 'the program name must not be empty'));
    }
    if (typeof b.run === 'string' && !b.run.trim()) {
      problems.push(where(['benchmarks', i, 'run'], `benchmarks[${i}].run`, 'must not be blank'));
    }
    // Valgrind would take a program named "-…" for an option of its own (one could replace the fixed cache geometry).
    // (A shell line's program is /bin/sh.)
    const program = commandArgv(b.run)[0];
    if (program?.startsWith('-')) {
      problems.push(
        where(
          typeof b.run === 'string' ? ['benchmarks', i, 'run'] : ['benchmarks', i, 'run', 0],
          `benchmarks[${i}].run${typeof b.run === 'string' ? '' : '[0]'}`,
          `the program "${program}" starts with "-", which Valgrind would read as an option of its own; name it as ./${program}`,
        ),
      );
    }
    return {
      name: b.name,
      run: b.run,
      cwd,
      env: { ...globalEnv, ...stringEnv(b.env) },
      thresholdPercent: b.threshold === undefined ? defaultThreshold : parsePercent(b.threshold),
      // The suite's default reaches simulated benchmarks only: a timed one runs natively.
      memory: (b.mode ?? 'cachegrind') === 'cachegrind' && (b.memory ?? raw.memory ?? false),
      memoryThresholdPercent: b['memory-threshold'] === undefined ? defaultMemoryThreshold : parsePercent(b['memory-threshold']),
      timeoutMs: b.timeout === undefined ? defaultTimeout : parseDuration(b.timeout),
      instrument: b.instrument ?? 'whole',
      mode: b.mode ?? 'cachegrind',
      budgetMs: b.budget === undefined ? DEFAULT_BUDGET_MS : parseDuration(b.budget),
    };
  });
  if (problems.length) fail(problems);

  const setup = raw.setup ?? [];
  // A build that hangs must not hold the job until CI kills it without a word.
  const setupTimeoutMs = raw['setup-timeout'] === undefined ? defaultTimeout : parseDuration(raw['setup-timeout']);
  const hash = createHash('sha256')
    // Only what changes a measurement: thresholds and timeouts may change without a new baseline.
    // `memory` adds figures a baseline must have (and is left out when false: older hashes hold).
    .update(
      JSON.stringify({
        setup,
        cache,
        weights,
        benchmarks: benchmarks.map((b) => [b.name, b.run, relative(root, b.cwd), b.env, b.instrument, ...(b.memory ? ['memory'] : [])]),
      }),
    )
    .digest('hex');
  return {
    file,
    root,
    setup,
    setupTimeoutMs,
    network: raw.network ?? false,
    setupNetwork: raw['setup-network'] ?? false,
    cpus: raw.cpus ?? 'one',
    // Setup with network and benchmarks without is kept only by a network namespace: required as a written `network: false` is.
    sealRequired: { noNetwork: raw.network === false || (raw['setup-network'] === true && raw.network !== true), oneCpu: raw.cpus === 'one' },
    cache,
    weights,
    benchmarks,
    hash,
  };
}

/**
 * Characters that show as nothing, as a blank, or as something else: controls, format characters
 * (bidi, zero-width, U+180E), line and paragraph separators, lone surrogates, the default-ignorable
 * ones (U+034F, the Hangul fillers U+3164 and U+FFA0, variation selectors, tags), blanks other than
 * the space, and U+FFFD, which is what bytes that are not UTF-8 became when the file was read.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\ufffd]|(?! )\p{White_Space}/u;

/** The first such character of a name, as "U+XXXX", or undefined. */
function hiddenCharacter(name: string): string | undefined {
  const match = HIDDEN.exec(name);
  if (!match) return undefined;
  const code = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return match[0] === '\ufffd' ? `${code} (bytes that are not UTF-8 read as U+FFFD?)` : code;
}

/** A configuration's text, read through the reader beneath `root` (for loadConfig and a stored baseline's key). */
export function readConfigText(root: string, file: string): string {
  return readTextBeneath(root, file, CONFIG_LIMIT, 'configuration', shownPath(resolve(root, file) as AbsolutePath));
}

function realDirectory(path: AbsolutePath): AbsolutePath {
  try {
    return realpathSync(path) as AbsolutePath;
  } catch {
    return path;
  }
}

/**
 * The directory a benchmark runs in: `cwd` (relative to the configuration's directory `root`), as
 * its real path, resolved within the project (projectDirectory: nothing outside it is looked at). It
 * must be the configuration's directory or below it: that is the project the sandbox is made for,
 * and a run in /etc or ../.. would measure, and write into, what is not the project.
 */
function benchmarkDirectory(root: AbsolutePath, cwd: string | undefined): ReturnType<typeof projectDirectory> {
  const real = realDirectory(root);
  const named = resolveFrom(root, cwd ?? '.');
  // Written from the configuration's directory as given: the same place beneath its real path.
  const rel = relative(root, named);
  const within = rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
  return projectDirectory(real, within ? join(real, rel) : named);
}

function cwdProblemText(problem: ProjectDirectoryProblem): string {
  return problem === 'is outside the project' ? "is outside the project: a benchmark runs in the configuration's directory or below it" : problem;
}

/**
 * Reads cg-bench.yml at an absolute path (an entry point resolved it: the command line's --config is
 * relative to the caller's directory, an action input to the workspace), through the reader: beneath
 * `root` (a checkout, when the caller has one; else the file's own directory) with no link, a
 * regular file, at most CONFIG_LIMIT.
 */
export function loadConfig(file: string, root: string = dirname(file)): Config {
  const absolute = absolutePath(file, 'configuration file');
  let text: string;
  try {
    text = readConfigText(root, absolute);
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? error);
    throw new CgBenchError(
      `cannot read configuration ${shownPath(absolute)}: ${why}${code === 'ENOENT' ? ' (create a cg-bench.yml with a "benchmarks:" list, or name another file: --config FILE, or the config input in CI)' : ''}`,
    );
  }
  // The real path: it is what the benchmark's getcwd() and PWD will say.
  return parseConfig(text, realpathSync(absolute) as AbsolutePath);
}
