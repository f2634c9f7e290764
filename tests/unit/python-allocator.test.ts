// The Python region allocator (python/cg_bench/_client.c), built for the host's Python and run
// natively (the allocator does not need Valgrind, only its switch does): memory stays bounded when a
// region grows a buffer, and blocks made in a region are given back to the area when freed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtClient, builtPackage } from '../python-package.ts';

/** measure() is active natively in the attribution pass: a stand-in counter makes it so here. */
const ACTIVE_NATIVELY = [
  'class Counter:',
  '    def region_start(self): pass',
  '    def region_stop(self): pass',
  'sys.modules["_cg_bench_bytecode"] = Counter()',
];

/** Python lines: `count` more classes, each tagged by its first attribute lookup (a heavier import). */
const tagClasses = (count: string, indent = '') => [`${indent}for i in range(${count}):`, `${indent}    type("C%d" % i, (), {"x": i}).x`];

/** Python lines of a measured function `work` returning the type-cache entry (tag mod 4,096) that a class made in it takes. */
const WORK_FIRST_CLASS = [
  '@cg_bench.measure',
  'def work():',
  '    class First: pass',
  '    First.y = 1',
  '    First.y',
  '    return _client.type_version_tag(First) % 4096',
];

/** `root/name`: a script that imports cg_bench from `root` (its first argument) with measure() active
 * natively, as in a region run (unless `region` is false or an argument says "whole"), then `body`. */
function measureScript(root: string, name: string, body: string[], region = true): string {
  writeFileSync(
    join(root, name),
    [
      'import os, sys',
      ...(region ? ['if "whole" not in sys.argv: os.environ["CG_BENCH_INSTRUMENT"] = "region"'] : []),
      ...ACTIVE_NATIVELY,
      'sys.path.insert(0, sys.argv[1])',
      'import cg_bench',
      'from cg_bench import _client',
      ...body,
    ].join('\n'),
  );
  return join(root, name);
}

/** `dir/name`: a script that imports the extension built in `dir` (its first argument), then `body`. */
function clientScript(dir: string, name: string, body: string[]): string {
  writeFileSync(join(dir, name), ['import sys', 'sys.path.insert(0, sys.argv[1])', 'import _client', ...body].join('\n'));
  return join(dir, name);
}

/** What `python3 -S script ...args` prints (trimmed), after asserting it exits 0. */
function printed(script: string, ...args: string[]): string {
  const r = spawnSync('python3', ['-S', script, ...args], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

test('a region growing a 4 MB string by += keeps memory bounded; the area is reused after frees', (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  clientScript(dir, 'grow.py', [
    'import resource',
    'assert _client.enable_allocator()',
    'def grow(n):',
    '    s = ""',
    '    for _ in range(n):',
    '        s += "x"',
    '    return len(s)',
    '_client.start_instrumentation()',
    'assert grow(4_000_000) == 4_000_000',
    'kept = [str(i) * 3 for i in range(10_000)]',
    '_client.stop_instrumentation()',
    'live = _client.allocator_stats()["live_blocks"]',
    'del kept',
    'after = _client.allocator_stats()',
    'print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, live, after["live_blocks"], after["pages_used"])',
  ]);
  const [maxRssMiB, live, liveAfter, pages] = printed(join(dir, 'grow.py'), dir).split(' ').map(Number);
  // 1.9 GB when page runs of the area served large blocks and were never given back.
  assert.ok(maxRssMiB! < 200, `max RSS ${maxRssMiB} MiB`);
  assert.ok(live! >= 10_000, `the list's strings live in the area (${live})`);
  assert.ok(liveAfter! < live!, 'freed blocks go back to the area');
  assert.ok(pages! < 2_000, `${pages} pages of the area used`);
});

test('page runs of the area: a random mix of blocks keeps every byte, and freed runs are given back to the top', (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  // The same seeded workload with and without the area: the same digest. Blocks from 1 byte to
  // 300 KB, bytearrays grown and shrunk in place and moved, freed in random order.
  clientScript(dir, 'mix.py', [
    'import hashlib, random',
    'area = sys.argv[2] == "area"',
    'if area: assert _client.enable_allocator()',
    'rng = random.Random(13)',
    'live, digest, peak = {}, hashlib.sha256(), 0',
    'if area: _client.start_instrumentation()',
    'for step in range(6000):',
    '    op, key = rng.random(), rng.randrange(400)',
    '    if op < 0.45:',
    '        n = rng.choice((rng.randrange(1, 600), rng.randrange(600, 9000), rng.randrange(9000, 300_000)))',
    '        live[key] = bytearray(rng.randbytes(n))',
    '    elif op < 0.75 and key in live:',
    '        b = live[key]',
    '        b.extend(rng.randbytes(rng.randrange(1, 40_000)))',
    '        if rng.random() < 0.3: del b[rng.randrange(len(b)):]',
    '    elif key in live:',
    '        digest.update(live.pop(key))',
    '    if area and step % 50 == 0: peak = max(peak, _client.allocator_stats()["run_pages_used"])',
    'for key in sorted(live): digest.update(live[key])',
    'live.clear()',
    'if area: _client.stop_instrumentation()',
    'stats = _client.allocator_stats() or {}',
    'print(digest.hexdigest(), peak, stats.get("run_pages_used", 0))',
  ]);
  const run = (mode: string) => printed(join(dir, 'mix.py'), dir, mode).split(' ');
  const [plain] = run('plain');
  const [digest, peak, after] = run('area').map(String);
  assert.equal(digest, plain, 'the same bytes with the area as with pymalloc');
  // The top stays above the last run still alive (a 25-page table, with a free run of 937 pages below
  // it, for the next blocks): measured 962 pages after the clear, 6,115 at the peak.
  assert.ok(Number(peak) > 2_000, `runs in use at the peak: ${peak} pages`);
  assert.ok(Number(after) < Number(peak) / 4, `runs in use after the clear: ${after} pages of ${peak} at the peak`);
});

test('the areas under threads, small outside blocks freed in a region, odd import levels, .pth lines before the script', (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  for (const name of ['slowa', 'slowb']) writeFileSync(join(dir, `${name}.py`), 'import time\ntime.sleep(0.2)\nDATA = [str(i) for i in range(1000)]\n');
  // Areas from 0x800000000, 4 GiB each: region, set-up, start-up; then the import slots.
  writeFileSync(
    join(dir, 'edges.py'),
    [
      'import sys, threading',
      'sys.path.insert(0, sys.argv[1])',
      'outside = bytearray(b"x")  # 2 bytes from Python\'s own allocator, before the areas',
      'import _client',
      'def area(obj):',
      '    a = id(obj)',
      '    if 0x800000000 <= a < 0xB00000000: return ("region", "setup", "startup")[(a - 0x800000000) >> 32]',
      '    return "slot" if 0xB00000000 <= a < 0xF00000000 else "outside"',
      'assert _client.enable_allocator()',
      '_client.end_import()',
      'print("setup", area(bytearray(100)))',
      // Two threads importing at once (the GIL is released in time.sleep): the main thread's objects
      // stay in the set-up area meanwhile, and after both imports.
      'threads = [threading.Thread(target=__import__, args=(n,)) for n in ("slowa", "slowb")]',
      'for t in threads: t.start()',
      'during = area(bytearray(100))',
      'for t in threads: t.join()',
      'print("threads", during, area(bytearray(100)), area(sys.modules["slowa"].DATA[5]), area(sys.modules["slowb"].DATA[5]))',
      // A 2-byte block from before the areas, freed in a region: back to Python's allocator at once.
      '_client.start_instrumentation()',
      'del outside',
      '_client.stop_instrumentation()',
      'print("outside freed")',
      // A level too large for a C long: the import's own error, never a SystemError.
      'try:',
      '    __import__("os", None, None, None, 2**64)',
      'except SystemError as error:',
      '    print("level SystemError", error)',
      'except Exception as error:',
      '    print("level", type(error).__name__)',
      // Start-up: .pth lines (exec of a string) do not end it; the script\'s code does.
      'assert _client.start_early()',
      'exec("import os; x = 1")',
      'print("pth", area(bytearray(100)))',
      'exec(compile("y = 1", "/work/bench.py", "exec"))',
      'print("script", area(bytearray(100)))',
    ].join('\n'),
  );
  const r = spawnSync('python3', ['-X', 'dev', '-S', join(dir, 'edges.py'), dir], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  assert.deepEqual(lines, ['setup setup', 'threads setup setup slot slot', 'outside freed', 'level OverflowError', 'pth startup', 'script setup'], r.stderr);
});

// What the import system makes to find a module depends on what was imported before (a directory seen
// before has its finder already): Python-Markdown imported after other modules lay 192 bytes further in
// its slot, and 136 of its 424 attribute names at other type-cache entries (3.13.5). A module's own
// blocks start at a fixed place of its slot, at the import's first file opened.
test("a module's own blocks lie where they do whether or not its directory was searched before", (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  mkdirSync(join(dir, 'mods'));
  writeFileSync(join(dir, 'mods', 'target.py'), 'MARK = bytearray(100)  # not of a type Python keeps a free list of\n');
  writeFileSync(join(dir, 'mods', 'other.py'), 'VALUE = 1\n');
  writeFileSync(join(dir, 'warm.py'), 'VALUE = 1\n'); // in both: the first source read imports tokenize, looks up a codec
  writeFileSync(
    join(dir, 'restart.py'),
    [
      'import sys',
      'sys.path.insert(0, sys.argv[1])',
      'import _client',
      'sys.path.insert(0, sys.argv[1] + "/mods")',
      'assert _client.enable_allocator()',
      '_client.end_import()',
      'import warm',
      'if sys.argv[2] == "other first": import other',
      'import target',
      'print(hex(id(target.MARK) & 0xFFFFFF))',
    ].join('\n'),
  );
  const offsets = ['alone', 'other first'].map((variant) => {
    const r = spawnSync('python3', ['-B', '-S', join(dir, 'restart.py'), dir, variant], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    return r.stdout.trim();
  });
  assert.equal(offsets[1], offsets[0]);
  assert.ok(Number(offsets[0]) >= 0x200000, offsets[0]); // past the 2 MiB the finding may use
});

test("a measured call's arguments are copied to the same place in the region's area, whatever was made before", (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  clientScript(dir, 'pack.py', [
    'assert _client.enable_allocator()',
    // More made before the call (pytest with more plugins installed): its tuple and dict move.
    'junk = [{"k": i} for i in range(int(sys.argv[2]))]',
    'value = "document"',
    'import gc',
    'def call(*args, **kwargs):',
    '    gc.collect()  # as a region does first: a tuple from a free list lies where the last one freed did',
    '    packed = _client.pack_call(args, kwargs or None)',
    '    return args, kwargs, packed',
    'args, kwargs, (packed_args, packed_kwargs) = call(value, n=200)',
    'assert packed_args == args and packed_args is not args and packed_args[0] is value',
    'assert packed_kwargs == kwargs and packed_kwargs is not kwargs',
    'assert _client.pack_call((), None) == ((), None)',
    'print(id(kwargs), id(packed_args), id(packed_kwargs))',
  ]);
  const ids = ['0', '37'].map((junk) => printed(join(dir, 'pack.py'), dir, junk));
  const [before, after] = ids.map((line) => line.split(' '));
  assert.notEqual(after![0], before![0], "the caller's dict moved with what was made before it");
  assert.deepEqual(after!.slice(1), before!.slice(1));
});

test("through cg_bench.measure: a call's positional and keyword arguments lie where they did, whatever was made before", (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  measureScript(
    root,
    'measured.py',
    [
      'assert _client.enable_allocator()',
      '_client.end_import()',
      'junk = [(str(i),) for i in range(int(sys.argv[2]))]',
      'seen = []',
      '@cg_bench.measure',
      'def work(x, n=0):',
      '    caller = sys._getframe(1).f_locals',
      '    seen.append((id(caller["packed_args"]), id(caller["packed_kwargs"])))',
      'work("document", n=200)',
      'print(*seen[0])',
    ],
    false,
  );
  const ids = ['0', '37', '1000'].map((junk) => printed(join(root, 'measured.py'), root, junk));
  // Both in the region's area (from 0x800000000, 4 GiB), the same each time.
  for (const id of ids[0]!.split(' ')) assert.ok(BigInt(id) >= 0x800000000n && BigInt(id) < 0x900000000n, ids[0]);
  assert.deepEqual(ids.slice(1), [ids[0], ids[0]]);
});

test('a class first looked up in a region takes the same type-cache entries whatever classes were used before', (t) => {
  const dir = builtClient();
  if (dir === undefined) return t.skip('python3-config (python3-dev) is not installed');
  clientScript(dir, 'versions.py', [
    ...tagClasses('int(sys.argv[2])'),
    '_client.align_type_versions()',
    'class First: pass',
    'First.y = 1',
    'First.y',
    'print(_client.type_version_tag(First) % 4096)',
  ]);
  const entries = ['0', '777', '5000'].map((classes) => printed(join(dir, 'versions.py'), dir, classes));
  // The tag's low 12 bits (with the name, the cache entry): the same after 0, 777 or 5,000 classes.
  assert.deepEqual(entries, [entries[0], entries[0], entries[0]]);
});

test('measure() aligns the type tags in region runs only (in a whole run the tags used up would be counted)', (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  measureScript(root, 'tags.py', [...tagClasses('int(sys.argv[2])'), ...WORK_FIRST_CLASS, 'print(work())']);
  const entries = (mode: string) => ['0', '777'].map((classes) => printed(join(root, 'tags.py'), root, classes, mode));
  const region = entries('region');
  assert.equal(region[1], region[0]);
  const whole = entries('whole');
  assert.notEqual(whole[1], whole[0]);
});

test('a class that code before the region looked up is tagged again in the region, where it is when nothing did', (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  measureScript(root, 'retag.py', [
    'class Library:',
    '    x = 1',
    'for i in range(int(sys.argv[2])):', // set-up that uses the library (and tags more classes)
    '    type("C%d" % i, (), {"x": i}).x',
    '    Library.x',
    '@cg_bench.measure',
    'def work():',
    '    Library.x',
    '    return _client.type_version_tag(Library) % 4096',
    'entry = work()',
    'int_tag = _client.type_version_tag(int)',
    '_client.forget_learned_state()',
    'print(entry, _client.type_version_tag(int) == int_tag != 0, _client.type_version_tag(Library) == 0)',
  ]);
  const [unused, used] = ['0', '777'].map((classes) => printed(join(root, 'retag.py'), root, classes));
  // The same cache entries (the tag's low 12 bits); static types keep their tags.
  assert.equal(used, unused);
  assert.match(used!, / True True$/);
});

test('regions in a loop stay aligned (spent probe types are let go), and a failure before the region leaves none half-entered', (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  measureScript(root, 'loop.py', [
    'from cg_bench import _region',
    'class Proxy:  # a lazy proxy: asking its __class__ runs its code (and fails outside its context)',
    '    @property',
    '    def __class__(self):',
    '        raise RuntimeError("outside the proxy\'s context")',
    'proxy = Proxy()',
    ...WORK_FIRST_CLASS,
    'entries = set()',
    'for n in range(60):  # each region uses up to 4,095 tags to align; 64 probes hold 64,000',
    ...tagClasses('n * 37 % 500', '    '),
    '    entries.add(work())',
    'class Broken:',
    '    def purge(self): raise OSError("purge failed")',
    're_module, sys.modules["re"] = sys.modules.get("re"), Broken()',
    'try:',
    '    work()',
    'except OSError:',
    '    pass',
    'sys.modules["re"] = re_module',
    'print(len(entries), _region._depth, work() in entries)',
  ]);
  assert.equal(printed(join(root, 'loop.py'), root), '1 0 True');
});

test("re's compiled patterns are emptied at a region's start, in region runs and in the attribution pass alike", (t) => {
  const root = builtPackage();
  if (root === undefined) return t.skip('python3-config (python3-dev) is not installed');
  measureScript(root, 'patterns.py', [
    'import re',
    're.compile("[a-z]+"); re.compile("[0-9]+")',
    'before = len(re._cache)',
    '@cg_bench.measure',
    'def work():',
    '    return len(re._cache)',
    'print(before > 0, work())',
  ]);
  // The attribution pass (no CG_BENCH_INSTRUMENT) counts the bytecode of what the measured run does.
  assert.deepEqual(
    ['region', 'whole'].map((mode) => printed(join(root, 'patterns.py'), root, mode)),
    ['True 0', 'True 0'],
  );
});
