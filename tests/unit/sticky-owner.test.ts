// Which comment or note is the suite's sticky one (issue 23, item 6): only one the token's identity
// wrote AND that begins with the marker. Another workflow writing as the same bot may quote the marker
// further down its comment; that comment is left alone and ours is created beside it. The real API
// clients against the fake GitHub and GitLab APIs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GitHubApi } from '../../src/github/api.ts';
import { createGitLabApi } from '../../src/gitlab/api.ts';
import { commentMarker, isStickyBody } from '../../src/publish/sticky.ts';
import { FakeGitHub } from '../github/fake-github.ts';
import { FakeGitLab, TOKEN_USER } from '../gitlab/fake-gitlab.ts';

const MARKER = commentMarker('default');
const QUOTING = `Another workflow's bot, quoting cg-bench:\n\n\`\`\`\n${MARKER}\n\`\`\`\n`;

test('a body is the sticky one only when it begins with the marker', () => {
  assert.equal(isStickyBody(`${MARKER}\n## cg-bench`, MARKER), true);
  assert.equal(isStickyBody(QUOTING, MARKER), false);
  assert.equal(isStickyBody(` ${MARKER}`, MARKER), false);
  assert.equal(isStickyBody(`${commentMarker('default-2')}\n`, MARKER), false, 'another suite');
  assert.equal(isStickyBody(null, MARKER), false);
});

describe('GitHub: a bot comment quoting the marker is not edited', () => {
  const github = new FakeGitHub();
  let api: GitHubApi;
  before(async () => {
    process.env['GITHUB_API_URL'] = await github.start();
    // @actions/github reads GITHUB_API_URL when it is loaded: load it after the fake is up.
    const { createGitHubApi } = await import('../../src/github/api.ts');
    api = createGitHubApi('ghs_fake', 'owner/repo', () => {});
  });
  after(() => github.stop());

  test('the quoting comment by github-actions[bot] is passed over; ours, further down, is found', async () => {
    github.comments.set(7, [{ id: 1, body: QUOTING }]);
    assert.equal(await api.findComment(7, MARKER), undefined);
    github.comments.get(7)!.push({ id: 2, body: `${MARKER}\n## cg-bench` });
    assert.equal((await api.findComment(7, MARKER))?.id, 2);
    assert.equal(github.comments.get(7)![0]!.body, QUOTING);
    assert.deepEqual(github.violations, []);
  });
});

describe("GitLab: a note by the token's user quoting the marker is not edited", () => {
  const gitlab = new FakeGitLab();
  before(() => gitlab.start());
  after(() => gitlab.stop());

  test('the quoting note is passed over; ours, further down, is found', async () => {
    const api = createGitLabApi({ apiUrl: gitlab.url, projectId: gitlab.projectId, jobToken: gitlab.jobToken, token: gitlab.apiToken, log: () => {} });
    gitlab.notes.set(3, [{ id: 1, body: QUOTING, author: TOKEN_USER }]);
    assert.equal(await api.findNote(3, MARKER), undefined);
    gitlab.notes.get(3)!.push({ id: 2, body: `${MARKER}\n## cg-bench`, author: TOKEN_USER });
    assert.equal((await api.findNote(3, MARKER))?.id, 2);
    assert.equal(gitlab.notes.get(3)![0]!.body, QUOTING);
    assert.deepEqual(gitlab.violations, []);
  });
});
