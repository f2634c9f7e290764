// A stand-in for GitLab's REST API v4 on 127.0.0.1, following https://docs.gitlab.com/api/:
// job artifacts (download a single file from the latest successful job of a ref) and merge request
// notes (list, create, update). The job token may download artifacts but not write notes, as on
// GitLab; notes over 1,000,000 characters are refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Note {
  id: number;
  body: string;
  /** Who wrote it; default the project access token's bot user (id 7). */
  author?: { id: number; username: string };
}

/** The user behind the project access token the tests give the job. */
export const TOKEN_USER = { id: 7, username: 'project_42_bot' };

export class FakeGitLab {
  readonly violations: string[] = [];
  readonly requests: { method: string; path: string }[] = [];
  readonly notes = new Map<number, Note[]>();
  /** `${ref}/${job}/${path}` → file */
  readonly artifacts = new Map<string, Buffer>();
  faults: { method: string; pattern: RegExp; status: number; times: number }[] = [];
  readonly projectId = '42';
  readonly jobToken = 'fake-job-token';
  readonly apiToken = 'glpat-fake';
  private server: Server | undefined;
  private nextId = 500;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v4`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  private note(iid: number, n: Note): Record<string, unknown> {
    const now = new Date().toISOString();
    return {
      id: n.id,
      type: null,
      body: n.body,
      attachment: null,
      author: {
        ...(n.author ?? TOKEN_USER),
        name: 'cg-bench',
        state: 'active',
        avatar_url: null,
        web_url: `https://gitlab.example.com/${(n.author ?? TOKEN_USER).username}`,
      },
      created_at: now,
      updated_at: now,
      system: false,
      noteable_id: 1000 + iid,
      noteable_type: 'MergeRequest',
      project_id: Number(this.projectId),
      resolvable: false,
      confidential: false,
      internal: false,
      noteable_iid: iid,
      commands_changes: {},
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const path = url.pathname;
    this.requests.push({ method, path });
    const fault = this.faults.find((f) => f.method === method && f.pattern.test(path) && f.times > 0);
    if (fault) {
      fault.times--;
      return this.json(res, fault.status, { message: `${fault.status} injected` });
    }
    if (path === '/api/v4/user' && method === 'GET') {
      if (req.headers['private-token'] !== this.apiToken) return this.json(res, 401, { message: '401 Unauthorized' });
      return this.json(res, 200, { ...TOKEN_USER, name: 'cg-bench', state: 'active', bot: true });
    }
    const prefix = `/api/v4/projects/${this.projectId}`;
    if (!path.startsWith(`${prefix}/`)) {
      this.violations.push(`${method} ${path}: not under ${prefix}`);
      return this.json(res, 404, { message: '404 Project Not Found' });
    }
    const rest = path.slice(prefix.length);
    const jobToken = req.headers['job-token'];
    const privateToken = req.headers['private-token'];

    let m = /^\/jobs\/artifacts\/([^/]+)\/raw\/(.+)$/.exec(rest);
    if (m && method === 'GET') {
      if (jobToken !== this.jobToken && privateToken !== this.apiToken) return this.json(res, 401, { message: '401 Unauthorized' });
      const job = url.searchParams.get('job');
      if (!job) {
        this.violations.push('artifact download without ?job=');
        return this.json(res, 400, { error: 'job is missing' });
      }
      const file = this.artifacts.get(`${decodeURIComponent(m[1]!)}/${job}/${decodeURIComponent(m[2]!)}`);
      if (!file) return this.json(res, 404, { message: '404 Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.length) });
      return void res.end(file);
    }
    m = /^\/merge_requests\/(\d+)\/notes(?:\/(\d+))?$/.exec(rest);
    if (m) {
      if (privateToken !== this.apiToken) {
        if (jobToken) this.violations.push(`${method} ${path}: notes with the job token (GitLab refuses it)`);
        return this.json(res, 401, { message: '401 Unauthorized' });
      }
      const iid = Number(m[1]);
      const list = this.notes.get(iid) ?? [];
      this.notes.set(iid, list);
      if (method === 'GET' && !m[2]) {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20), 100);
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = list.slice((page - 1) * perPage, page * perPage);
        const next = page * perPage < list.length ? String(page + 1) : '';
        return this.json(
          res,
          200,
          slice.map((n) => this.note(iid, n)),
          { 'x-page': String(page), 'x-per-page': String(perPage), 'x-next-page': next, 'x-total': String(list.length) },
        );
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        this.violations.push(`${method} ${path}: body is not JSON`);
        return this.json(res, 400, { error: 'body is missing' });
      }
      const unknownKeys = Object.keys(body).filter((k) => !['body', 'internal', 'created_at', 'merge_request_diff_head_sha'].includes(k));
      if (unknownKeys.length) this.violations.push(`${method} ${path}: unknown attributes ${unknownKeys.join(', ')}`);
      if (typeof body['body'] !== 'string' || !body['body']) return this.json(res, 400, { error: 'body is missing' });
      if (body['body'].length > 1_000_000) return this.json(res, 400, { message: { note: ['is too long (maximum is 1000000 characters)'] } });
      if (method === 'POST' && !m[2]) {
        const note = { id: this.nextId++, body: body['body'] };
        list.push(note);
        return this.json(res, 201, this.note(iid, note));
      }
      if (method === 'PUT' && m[2]) {
        const note = list.find((n) => n.id === Number(m![2]));
        if (!note) return this.json(res, 404, { message: '404 Not found' });
        note.body = body['body'];
        return this.json(res, 200, this.note(iid, note));
      }
    }
    this.violations.push(`${method} ${path}: not an endpoint the fake serves`);
    return this.json(res, 404, { message: '404 Not Found' });
  }
}
