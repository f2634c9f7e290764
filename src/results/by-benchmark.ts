import { arrayMemberSpans } from '../util/json-spans.ts';
import { checkedBenchmark, parseResults, RESULTS_SCHEMA, resultsFromText } from './io.ts';
import type { BenchmarkResult, Results } from './types.ts';

/** Results whose benchmarks are read one at a time, each time they are iterated. */
export interface ResultsByBenchmark extends Omit<Results, 'benchmarks'> {
  benchmarks: Iterable<BenchmarkResult>;
}

/**
 * The results in the text of the file at `path`, read a benchmark at a time (issue 26: `run
 * --baseline` and `compare` at thousands of benchmarks). The text is kept; each iteration parses its
 * benchmarks one by one and lets each go once the next is asked for, so no more than one is held
 * whole. Checked as resultsFromText checks them: the top level now, the benchmarks as they are read
 * (the first whole iteration checks; later ones only parse). Where a check fails the file is read
 * whole, so the message is resultsFromText's own, and a text not taken apart here is read whole too.
 */
export function resultsByBenchmark(text: string, path: string): ResultsByBenchmark {
  const spans = arrayMemberSpans(text, 'benchmarks');
  const maxItems = RESULTS_SCHEMA.properties!['benchmarks']!.maxItems ?? Infinity;
  if (!spans || spans.elements.length / 2 > maxItems) return resultsFromText(text, path);
  const whole = (): never => {
    resultsFromText(text, path);
    throw new Error(`${path}: refused read a benchmark at a time, but not read whole`);
  };
  let top: Results;
  try {
    top = parseResults(JSON.parse(`${text.slice(0, spans.start)}[]${text.slice(spans.end)}`), path);
  } catch {
    return whole();
  }
  const { weights } = top.environment;
  let checked = false;
  const benchmarks = {
    *[Symbol.iterator](): Generator<BenchmarkResult> {
      const names = new Set<string>();
      const { elements } = spans;
      for (let i = 0; i < elements.length; i += 2) {
        let data: unknown;
        try {
          data = JSON.parse(text.slice(elements[i], elements[i + 1]));
        } catch {
          return whole();
        }
        const b = checkedBenchmark(data, weights, checked);
        if (!b || names.has(b.name)) return whole();
        names.add(b.name);
        yield b;
      }
      checked = true;
    },
  };
  return { ...top, benchmarks };
}

/** Reads every benchmark once, so that one that cannot be read is named now. */
export function checkEvery(results: ResultsByBenchmark): void {
  for (const b of results.benchmarks) void b;
}
