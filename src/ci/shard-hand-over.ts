import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CgBenchError } from '../errors.ts';
import { readResults, resultsText } from '../results/io.ts';
import type { Results } from '../results/types.ts';
import { MAX_SHARDS } from '../shard/plan.ts';
import { MiB, presentAt, readTextBeneath } from '../untrusted/read.ts';
import type { NewFileWriter } from '../untrusted/write.ts';

/**
 * What one part of a sharded CI run leaves for the merge job: its head and baseline parts, where
 * the baseline came from, and what a stored baseline's key needs (the configuration's text, the
 * image). The merge job finds the parts under one directory, one subdirectory each (as the CIs'
 * artifact downloads lay them out).
 */
const SHARD_FILE = 'shard.json';
const SCHEMA = 'cg-bench-shard/1';

export interface ShardHandOver {
  index: number;
  count: number;
  /** The commit the part measured. */
  sha: string;
  baselineSource: string;
  imageIdentity: string;
  configText: string;
  head: Results;
  base: Results | undefined;
}

/** Writes a part's hand-over, each file new through `write` (the pipeline's writer into a directory made afresh). */
export function writeShardHandOver(write: NewFileWriter, part: ShardHandOver): void {
  const { head, base, ...meta } = part;
  write(SHARD_FILE, `${JSON.stringify({ schema: SCHEMA, ...meta }, null, 2)}\n`);
  write('head.json', resultsText(head));
  if (base) write('base.json', resultsText(base));
}

/** A part as the merge job read it: with where it is (its call trees are beneath it), and that for people. */
export interface ReadShardHandOver extends ShardHandOver {
  dir: string;
  shown: string;
}

/** One part, in `dir`: read through the reader beneath `root` (the directory given), no link followed. */
function readOne(root: string, dir: string, shown: string): ReadShardHandOver {
  let data: unknown;
  try {
    data = JSON.parse(readTextBeneath(root, join(dir, SHARD_FILE), 2 * MiB, 'shard hand-over', `${shown}/${SHARD_FILE}`));
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    throw new CgBenchError(`${shown}/${SHARD_FILE}: not valid JSON`);
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const bad = (field: string) => new CgBenchError(`${shown}/${SHARD_FILE}: "${field}" is missing or invalid`);
  if (d['schema'] !== SCHEMA) throw new CgBenchError(`${shown}/${SHARD_FILE}: not a cg-bench shard hand-over (${SCHEMA})`);
  const int = (k: string) => (Number.isInteger(d[k]) && (d[k] as number) >= 1 && (d[k] as number) <= MAX_SHARDS ? (d[k] as number) : undefined);
  const text = (k: string, max: number) => (typeof d[k] === 'string' && (d[k] as string).length <= max ? (d[k] as string) : undefined);
  const index =
    int('index') ??
    (() => {
      throw bad('index');
    })();
  const count =
    int('count') ??
    (() => {
      throw bad('count');
    })();
  const sha = text('sha', 64);
  if (!sha || !/^[0-9a-f]{40,64}$/.test(sha)) throw bad('sha');
  const baselineSource =
    text('baselineSource', 1000) ??
    (() => {
      throw bad('baselineSource');
    })();
  const imageIdentity =
    text('imageIdentity', 1000) ??
    (() => {
      throw bad('imageIdentity');
    })();
  const configText =
    text('configText', MiB) ??
    (() => {
      throw bad('configText');
    })();
  const basePath = join(dir, 'base.json');
  return {
    dir,
    shown,
    index,
    count,
    sha,
    baselineSource,
    imageIdentity,
    configText,
    head: readResults(join(dir, 'head.json'), root),
    base: presentAt(basePath) ? readResults(basePath, root) : undefined,
  };
}

/** Every part under `root`: root itself, or its subdirectories holding a shard.json (one level down). */
export function readShardHandOvers(root: string, shown: string): ReadShardHandOver[] {
  if (presentAt(join(root, SHARD_FILE))) return [readOne(root, root, shown)];
  let names: string[];
  try {
    names = readdirSync(root).sort();
  } catch {
    throw new CgBenchError(`${shown}: not a directory; give the directory the parts' artifacts were downloaded to`);
  }
  // lstat: a link to a directory is no part (never looked through).
  const dirs = names.filter((n) => lstatSync(join(root, n)).isDirectory() && presentAt(join(root, n, SHARD_FILE)));
  if (!dirs.length) throw new CgBenchError(`${shown}: no ${SHARD_FILE} in it or in its subdirectories; download every part's artifact there`);
  return dirs.map((n) => readOne(root, join(root, n), `${shown}/${n}`));
}
