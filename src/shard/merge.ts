import { environmentDifferences } from '../compare/compare.ts';
import { CgBenchError } from '../errors.ts';
import { RESULTS_SCHEMA_VERSION, type BenchmarkResult, type Results } from '../results/types.ts';

export interface ShardPart {
  results: Results;
  /** The file, as the user named it, for messages. */
  source: string;
}

/**
 * The parts of a sharded run joined into the results of one whole run: every benchmark of the
 * suite exactly once, in configuration order, all measured on the same machine and configuration.
 * Anything else is refused, naming the file.
 */
export function mergeShards(parts: readonly ShardPart[]): Results {
  const [first] = parts;
  if (!first) throw new CgBenchError('cg-bench merge: no results given');
  const shardOf = (p: ShardPart) => {
    if (!p.results.shard) throw new CgBenchError(`${p.source}: not one part of a sharded run (no "shard"; it was measured without --shard)`);
    return p.results.shard;
  };
  const reference = shardOf(first);
  const seen = new Map<number, string>();
  for (const part of parts) {
    const shard = shardOf(part);
    if (shard.count !== reference.count)
      throw new CgBenchError(`${part.source}: part ${shard.index}/${shard.count}, but ${first.source} is one of ${reference.count} parts`);
    if (part.results.configHash !== first.results.configHash || JSON.stringify(shard.benchmarks) !== JSON.stringify(reference.benchmarks)) {
      throw new CgBenchError(`${part.source}: measured another configuration than ${first.source} (a different cg-bench.yml, commit or --filter)`);
    }
    const differences = environmentDifferences(first.results.environment, part.results.environment);
    if (differences.length || JSON.stringify(part.results.environment) !== JSON.stringify(first.results.environment)) {
      throw new CgBenchError(
        `${part.source}: measured on another machine or image than ${first.source}${differences.length ? ` (${differences.join('; ')})` : ''}; the parts of one run must come from the same image`,
      );
    }
    const other = seen.get(shard.index);
    if (other !== undefined) throw new CgBenchError(`${part.source}: part ${shard.index}/${shard.count} again (also ${other})`);
    seen.set(shard.index, part.source);
  }
  const missing = Array.from({ length: reference.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw new CgBenchError(`cg-bench merge: part(s) ${missing.map((i) => `${i}/${reference.count}`).join(', ')} missing; give every part's results.json`);

  const byName = new Map<string, { result: BenchmarkResult; source: string }>();
  for (const part of parts) {
    for (const result of part.results.benchmarks) {
      const other = byName.get(result.name);
      if (other)
        throw new CgBenchError(
          `${part.source}: benchmark "${result.name}" was measured in two parts (also ${other.source}); the parts disagree on the split (give every part the same --durations)`,
        );
      if (!reference.benchmarks.includes(result.name)) throw new CgBenchError(`${part.source}: benchmark "${result.name}" is not in the suite the parts name`);
      byName.set(result.name, { result, source: part.source });
    }
  }
  const unmeasured = reference.benchmarks.filter((name) => !byName.has(name));
  if (unmeasured.length)
    throw new CgBenchError(
      `cg-bench merge: no part measured ${unmeasured.map((n) => JSON.stringify(n)).join(', ')}; the parts disagree on the split (give every part the same --durations)`,
    );

  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: 'cg-bench',
    createdAt: parts
      .map((p) => p.results.createdAt)
      .sort()
      .at(-1)!,
    configHash: first.results.configHash,
    environment: first.results.environment,
    benchmarks: reference.benchmarks.map((name) => byName.get(name)!.result),
  };
}
