// A stand-in for api.github.com on 127.0.0.1: the few routes cg-bench uses, each request checked
// against GitHub's OpenAPI description, each response built from the description's own example and
// checked against its schema. Tests read `violations` (must stay empty) and the recorded state.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRequest, checkResponse, exampleResponse, findOperation } from './openapi.ts';

type Json = Record<string, unknown>;

export interface Comment {
  id: number;
  body: string;
  /** Who wrote it: the action's GITHUB_TOKEN writes as github-actions[bot]. */
  author?: string;
}

export interface Fault {
  method: string;
  /** A substring of the OpenAPI path template, e.g. '/statuses/'. */
  route: string;
  status: number;
  times: number;
  message?: string;
  headers?: Record<string, string>;
}

export class FakeGitHub {
  readonly violations: string[] = [];
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  readonly comments = new Map<number, Comment[]>();
  readonly statuses: { sha: string; state: string; description: string; context: string; target_url?: string }[] = [];
  readonly pulls = new Map<number, { sha: string; repository: string; branch: string }>();
  mergeBase: string | undefined;
  readOnly = false;
  faults: Fault[] = [];
  private server: Server | undefined;
  private nextId = 1000;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown, op?: ReturnType<typeof findOperation>, headers: Record<string, string> = {}): void {
    if (op)
      for (const problem of checkResponse(op, status, body)) this.violations.push(`fake response to ${op.method.toUpperCase()} ${op.template}: ${problem}`);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      this.violations.push(`${method} ${url.pathname}: body is not JSON`);
    }
    this.requests.push({ method, path: url.pathname, body });
    const op = findOperation(method, url.pathname);
    if (!op) {
      this.violations.push(`${method} ${url.pathname}: no such operation in GitHub's API`);
      return this.send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    }
    if (!/^(token|bearer) \S+/i.test(req.headers.authorization ?? '')) this.violations.push(`${method} ${url.pathname}: no token`);
    for (const problem of checkRequest(op, body)) this.violations.push(`${method} ${op.template}: ${problem}`);

    const fault = this.faults.find((f) => f.method === method && op.template.includes(f.route) && f.times > 0);
    if (fault) {
      fault.times--;
      return this.send(
        res,
        fault.status,
        { message: fault.message ?? `injected ${fault.status}`, documentation_url: 'https://docs.github.com/rest' },
        undefined,
        fault.headers,
      );
    }
    if (this.readOnly && method !== 'GET') {
      return this.send(res, 403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' });
    }
    const params = op.regex.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const owner = params[0]!;
    const repo = params[1]!;
    const htmlBase = `https://github.com/${owner}/${repo}`;

    switch (`${method} ${op.template}`) {
      case 'GET /repos/{owner}/{repo}/compare/{basehead}': {
        if (!this.mergeBase) return this.send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
        const out = exampleResponse(op, 200);
        (out['merge_base_commit'] as Json)['sha'] = this.mergeBase;
        return this.send(res, 200, out, op);
      }
      case 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': {
        const issue = Number(params[2]);
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = this.comments.get(issue) ?? [];
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const template = exampleResponse(op, 200) as unknown as Json[];
        const items = slice.map((c) => ({
          ...template[0],
          id: c.id,
          body: c.body,
          user: { ...(template[0]!['user'] as Json), login: c.author ?? 'github-actions[bot]', type: c.author ? 'User' : 'Bot' },
          html_url: `${htmlBase}/pull/${issue}#issuecomment-${c.id}`,
        }));
        const headers: Record<string, string> = {};
        if (page * perPage < all.length) {
          const next = new URL(url);
          next.searchParams.set('page', String(page + 1));
          headers['link'] = `<${next.href}>; rel="next"`;
        }
        return this.send(res, 200, items, op, headers);
      }
      case 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': {
        const issue = Number(params[2]);
        const comment = { id: this.nextId++, body: String((body as Json)['body']) };
        this.comments.set(issue, [...(this.comments.get(issue) ?? []), comment]);
        return this.send(
          res,
          201,
          { ...exampleResponse(op, 201), id: comment.id, body: comment.body, html_url: `${htmlBase}/pull/${issue}#issuecomment-${comment.id}` },
          op,
        );
      }
      case 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': {
        const id = Number(params[2]);
        for (const [issue, list] of this.comments) {
          const found = list.find((c) => c.id === id);
          if (found) {
            found.body = String((body as Json)['body']);
            return this.send(res, 200, { ...exampleResponse(op, 200), id, body: found.body, html_url: `${htmlBase}/pull/${issue}#issuecomment-${id}` }, op);
          }
        }
        return this.send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      }
      case 'GET /user':
        // What GITHUB_TOKEN gets: an installation token is not a user.
        return this.send(
          res,
          403,
          { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' },
          op,
        );
      case 'POST /repos/{owner}/{repo}/statuses/{sha}': {
        const b = body as Json;
        this.statuses.push({
          sha: params[2]!,
          state: String(b['state']),
          description: String(b['description'] ?? ''),
          context: String(b['context'] ?? 'default'),
          ...(b['target_url'] ? { target_url: String(b['target_url']) } : {}),
        });
        return this.send(
          res,
          201,
          { ...exampleResponse(op, 201), state: b['state'], description: b['description'] ?? null, context: b['context'] ?? 'default' },
          op,
        );
      }
      case 'GET /repos/{owner}/{repo}/pulls/{pull_number}': {
        const head = this.pulls.get(Number(params[2]));
        if (!head) return this.send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
        const out = exampleResponse(op, 200);
        // GitHub's own example lists a team without the "type" its schema requires: none here.
        out['requested_teams'] = [];
        const outHead = out['head'] as Json;
        outHead['sha'] = head.sha;
        outHead['ref'] = head.branch;
        outHead['repo'] = { ...(outHead['repo'] as Json), full_name: head.repository };
        return this.send(res, 200, out, op);
      }
      default:
        this.violations.push(`${method} ${op.template}: a real GitHub route the fake does not serve`);
        return this.send(res, 501, { message: 'not implemented in the fake' });
    }
  }
}
