// A report job (ci/report-job.ts runReportJob) over a measuring job's fake adapter, for the tests of
// the hand-over between them: it reads `outRoot`/report-job, accepts the suite, reports nothing and
// fails on a could-not-run; a test overrides what it looks at.
import assert from 'node:assert/strict';
import type { BaselineCommit, CiAdapter, ReportJobAdapter } from '../src/ci/types.ts';

export function reportJobOf(ci: Pick<CiAdapter, 'shortSha' | 'commitUrl' | 'suite'>, outRoot: string, baseline?: BaselineCommit): ReportJobAdapter {
  return {
    log: { info: () => {}, warning: () => {} },
    thresholdPercent: 1,
    failOnRegression: false,
    handOver: { root: outRoot, sub: 'report-job', shown: 'out', missing: '' },
    shortSha: ci.shortSha,
    commitUrl: ci.commitUrl,
    accept: async () => ci.suite,
    baselineCommit: () => baseline,
    publishReport: async () => {},
    publishCouldNotRun: async () => assert.fail('the head was measured'),
  };
}
