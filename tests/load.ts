// A machine loaded the way a shared CI runner is, for the tests that claim "the same number under
// load" (GENERATORS below: what runs beside the measured runs, and why no more). Bounded: every
// generator is a child of the test's process group and stops when `stop()` is called, or after
// `limitMs`.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { compileC, EXAMPLES, project } from './helpers.ts';

/**
 * The kernel's work beside the measured runs, which keep the cores busy themselves (ten at once on the
 * host, five containers in the image): forks and namespaces without pause (a probe timing out under
 * them was issue 24's suspect; a network namespace's clean-up runs on a kernel worker thread), and
 * page fills. No busy loop (a runnable process the runs already are), and the fills smaller and
 * further apart. Forks and namespaces take what the machine leaves idle (alone, 61 s of the image
 * stress test's 143 s of CPU), at nice 10 as one scheduling group: beside the suite, a tenth of it.
 * Busy loops and a pipe of zeros took most of a stress test's CPU for as long as it ran, and the
 * neighbouring file's.
 */
const GENERATORS: Record<string, string> = {
  forks: 'while :; do for i in 1 2 3; do /bin/true & done; wait; done',
  namespaces: 'while :; do unshare --user --map-root-user --net --pid --fork --mount /bin/true 2>/dev/null || sleep 0.1; done',
  // 128 MiB allocated and filled, freed, again: the page allocator and reclaim stay busy. (A pipe of
  // 512 MiB through `tail -c 1` held no memory and took a core: measured 8.4 s of CPU in 10 s.)
  memory: 'while :; do dd if=/dev/zero of=/dev/null bs=128M count=1 2>/dev/null; sleep 0.5; done',
};

const NICENESS = 10;

export interface Load {
  /**
   * The 1-minute load average when stop() was called, the generators that ran, and their scheduling
   * groups as /proc/PID/autogroup named them then ("/autogroup-N nice 10"; none without autogroup).
   */
  stop(): { loadAverage: number; generators: string[]; autogroups: string[] };
}

export function loadMachine(limitMs = 10 * 60_000): Load {
  const names = Object.keys(GENERATORS);
  // `detached` makes the generators a session of their own, and with it (sched_autogroup_enabled) a
  // scheduling group of their own, weighed against the whole test suite's: `nice` alone only ranks
  // them within that group, so a busy loop took as much CPU as all the measured runs together. The
  // group's own niceness (/proc/self/autogroup; absent without autogroup) makes it low priority.
  // One group for them all, not one each: each group weighs as much as another at its niceness, so
  // four took four times the CPU (measured at load 10: 5.1 s of CPU in 20 s, a quarter of a core,
  // taken from the measured runs and the files beside them), for the same forks, namespaces, pages
  // and runnable processes.
  const loops = names.map((name) => `(${GENERATORS[name]!}) &`).join(' ');
  const command = `{ echo ${NICENESS} >/proc/self/autogroup; } 2>/dev/null; ${loops} wait`;
  const child = spawn('nice', ['-n', String(NICENESS), 'timeout', '-s', 'KILL', String(Math.ceil(limitMs / 1000)), 'sh', '-c', command], {
    stdio: 'ignore',
    detached: true,
  });
  child.unref();
  const children: ChildProcess[] = [child];
  const kill = () => {
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', kill);
  return {
    stop() {
      const loadAverage = loadavg()[0]!;
      const autogroups = children.flatMap((child) => {
        try {
          return [readFileSync(`/proc/${child.pid}/autogroup`, 'utf8').trim()];
        } catch {
          return [];
        }
      });
      kill();
      process.removeListener('exit', kill);
      return { loadAverage, generators: names, autogroups };
    },
  };
}

/**
 * What the stress tests measure: the bundled C example (20,000 values) and a small Python program
 * (a dict, json, an unseeded random), the two kinds whose counts moved under load in issue 24.
 */
export function stressProject(): string {
  // The C example's heap figures too (memory: true, a DHAT run): exact like its counts, under load.
  const dir = project(
    'benchmarks:\n  - name: c-qsort-20k\n    run: [./sort, "20000"]\n    memory: true\n  - name: python-small\n    run: [python3, small.py]\n',
    {
      'small.py': 'import json, random\nd = {str(i): i * i for i in range(2000)}\nprint(len(json.dumps(d)), random.random() < 2)\n',
    },
  );
  compileC(dir, 'sort', readFileSync(join(EXAMPLES, 'c', 'sort.c'), 'utf8'));
  return dir;
}
