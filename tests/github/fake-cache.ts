// A stand-in for the Actions cache service v2 on 127.0.0.1: its Twirp JSON API (CreateCacheEntry,
// FinalizeCacheEntryUpload, GetCacheEntryDownloadURL) and a blob store that takes the Azure SDK's
// Put Blob upload and serves plain GET downloads, as @actions/cache uses them for non-Azure URLs.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Entry {
  key: string;
  version: string;
  blob: string;
  finalized: boolean;
}

const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

export class FakeCacheService {
  readonly entries: Entry[] = [];
  readonly blobs = new Map<string, Buffer>();
  readonly calls: string[] = [];
  readonly violations: string[] = [];
  /**
   * The cache service cannot store: every call of its API answers 507 (the blob store still works).
   * A 5xx that @actions/cache does not retry: a 503 is retried with back-off (about 30 s a call),
   * which made this one scenario the longest of the file; the action's handling is the same.
   */
  unavailable = false;
  private server: Server | undefined;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The environment the runner gives a job for cache service v2. */
  env(): Record<string, string> {
    return { ACTIONS_CACHE_SERVICE_V2: 'true', ACTIONS_RESULTS_URL: this.url, ACTIONS_RUNTIME_TOKEN: 'fake-runtime-token' };
  }

  /** The baselines' keys (the history's entries are historyKeys()). */
  keys(): string[] {
    return this.entries.filter((e) => e.finalized && !e.key.startsWith('cg-bench-history-')).map((e) => e.key);
  }

  historyKeys(): string[] {
    return this.entries.filter((e) => e.finalized && e.key.startsWith('cg-bench-history-')).map((e) => e.key);
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname.startsWith('/blob/')) {
      const id = url.pathname.slice('/blob/'.length);
      if (req.method === 'PUT') {
        if (req.headers['x-ms-blob-type'] !== 'BlockBlob') this.violations.push(`PUT blob without x-ms-blob-type: BlockBlob`);
        this.blobs.set(id, raw);
        this.calls.push(`PUT blob ${id}`);
        res.writeHead(201, {
          etag: `"0x${createHash('md5').update(raw).digest('hex').slice(0, 16)}"`,
          'last-modified': new Date().toUTCString(),
          'content-md5': createHash('md5').update(raw).digest('base64'),
          'x-ms-request-id': id,
          'x-ms-version': '2024-11-04',
          'x-ms-request-server-encrypted': 'true',
          date: new Date().toUTCString(),
        });
        return void res.end();
      }
      const blob = this.blobs.get(id);
      this.calls.push(`GET blob ${id}`);
      if (!blob) return this.json(res, 404, { message: 'no blob' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(blob.length) });
      return void res.end(blob);
    }
    if (!url.pathname.startsWith(SERVICE) || req.method !== 'POST') {
      this.violations.push(`${req.method} ${url.pathname}: not a cache service route`);
      return this.json(res, 404, { code: 'bad_route', msg: 'no such route' });
    }
    if (req.headers.authorization !== 'Bearer fake-runtime-token') this.violations.push(`${url.pathname}: no runtime token`);
    const method = url.pathname.slice(SERVICE.length);
    if (this.unavailable) {
      this.calls.push(`${method}: 507`);
      return this.json(res, 507, { code: 'unavailable', msg: 'the cache service cannot store anything now' });
    }
    const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    this.calls.push(`${method} ${String(body['key'])}`);
    switch (method) {
      case 'CreateCacheEntry': {
        if (this.entries.some((e) => e.key === body['key'] && e.version === body['version'])) {
          return this.json(res, 200, { ok: false, message: 'cache entry with the same key and version already exists' });
        }
        const blob = createHash('sha256')
          .update(`${String(body['key'])}/${String(body['version'])}`)
          .digest('hex')
          .slice(0, 20);
        this.entries.push({ key: String(body['key']), version: String(body['version']), blob, finalized: false });
        return this.json(res, 200, { ok: true, signed_upload_url: `${this.url}blob/${blob}?sig=fake` });
      }
      case 'FinalizeCacheEntryUpload': {
        const entry = this.entries.find((e) => e.key === body['key'] && e.version === body['version']);
        if (!entry || !this.blobs.has(entry.blob)) return this.json(res, 200, { ok: false, message: 'nothing was uploaded' });
        if (String(this.blobs.get(entry.blob)!.length) !== String(body['size_bytes']))
          this.violations.push(`Finalize: size_bytes ${String(body['size_bytes'])} differs from the upload`);
        entry.finalized = true;
        return this.json(res, 200, { ok: true, entry_id: String(this.entries.indexOf(entry) + 1) });
      }
      case 'GetCacheEntryDownloadURL': {
        const keys = [String(body['key']), ...((body['restore_keys'] as string[] | undefined) ?? [])];
        for (const [i, key] of keys.entries()) {
          // A restore key matching several entries restores the newest, as GitHub documents.
          const entry = [...this.entries]
            .reverse()
            .find((e) => e.finalized && e.version === body['version'] && (i === 0 ? e.key === key : e.key.startsWith(key)));
          if (entry) return this.json(res, 200, { ok: true, signed_download_url: `${this.url}blob/${entry.blob}`, matched_key: entry.key });
        }
        return this.json(res, 200, { ok: false });
      }
      default:
        this.violations.push(`${method}: unknown cache service method`);
        return this.json(res, 404, { code: 'bad_route', msg: method });
    }
  }
}
