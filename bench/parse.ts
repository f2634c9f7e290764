// Parser throughput on a large cachegrind.out (default 100 MB): npx tsx bench/parse.ts [MEGABYTES]
import { parserThroughput } from './figures/parser.ts';

const r = await parserThroughput(Number(process.argv[2] ?? 100));
console.log(
  `parsed ${r.megabytes.toFixed(1)} MB (${r.functions} functions): best of 3 ${r.seconds.toFixed(2)} s, ${(r.megabytes / r.seconds).toFixed(0)} MB/s`,
);
