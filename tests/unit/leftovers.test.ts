import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endLeftovers } from '../../src/run/leftovers.ts';

test("a benchmark that ended by itself in a pid namespace of its own is not followed by a scan of every process's command line; one without, or timed out, is", async () => {
  const scans: string[] = [];
  const kill = async (marker: string) => {
    scans.push(marker);
    return 0;
  };
  // Before: killLeftovers read every /proc/PID/cmdline after each benchmark, pid namespace or not.
  await endLeftovers({ isolatedPids: true, timedOut: false }, 'own-namespace', kill);
  await endLeftovers({ isolatedPids: true, timedOut: true }, 'timed-out', kill);
  await endLeftovers({ isolatedPids: false, timedOut: false }, 'no-namespace', kill);
  assert.deepEqual(scans, ['timed-out', 'no-namespace']);
});
