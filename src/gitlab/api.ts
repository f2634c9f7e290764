import { fetchWithRetry, HttpError } from '../publish/http.ts';
import { isStickyBody } from '../publish/sticky.ts';

/** The GitLab REST calls the component makes (https://docs.gitlab.com/api/). */
export interface GitLabApi {
  /** A file from the latest successful job `job` on `ref` (JOB-TOKEN is enough within the project). */
  latestArtifactFile(ref: string, job: string, path: string): Promise<Buffer | undefined>;
  findNote(iid: number, marker: string): Promise<{ id: number } | undefined>;
  createNote(iid: number, body: string): Promise<{ id: number }>;
  updateNote(iid: number, id: number, body: string): Promise<{ id: number }>;
}

export function createGitLabApi(options: {
  apiUrl: string;
  projectId: string;
  jobToken: string | undefined;
  token: string | undefined;
  log: (message: string) => void;
}): GitLabApi {
  const project = `${options.apiUrl.replace(/\/$/, '')}/projects/${encodeURIComponent(options.projectId)}`;
  const withToken = (): Record<string, string> => {
    if (!options.token) throw new HttpError(401, 'no API token (set the variable named by the token-variable input)');
    return { 'PRIVATE-TOKEN': options.token };
  };
  const json = async <T>(url: string, init: RequestInit): Promise<T> => {
    const response = await fetchWithRetry(url, init, { log: options.log });
    if (!response.ok)
      throw new HttpError(
        response.status,
        `${init.method ?? 'GET'} ${new URL(url).pathname}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`,
      );
    return (await response.json()) as T;
  };
  const send = (method: string, body: string): RequestInit => ({
    method,
    headers: { ...withToken(), 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  return {
    async latestArtifactFile(ref, job, path) {
      const url = `${project}/jobs/artifacts/${encodeURIComponent(ref)}/raw/${path.split('/').map(encodeURIComponent).join('/')}?job=${encodeURIComponent(job)}`;
      const headers: Record<string, string> = options.jobToken ? { 'JOB-TOKEN': options.jobToken } : options.token ? { 'PRIVATE-TOKEN': options.token } : {};
      const response = await fetchWithRetry(url, { headers }, { log: options.log });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new HttpError(response.status, `artifact download: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async findNote(iid, marker) {
      // Only the token's own note is ours to edit: anyone can write the marker into a note, and the
      // token's identity may have written others that quote it.
      const me = await json<{ id: number }>(`${options.apiUrl.replace(/\/$/, '')}/user`, { headers: withToken() });
      for (let page = 1; page <= 50; page++) {
        const notes = await json<{ id: number; body: string; system?: boolean; author?: { id?: number } }[]>(
          `${project}/merge_requests/${iid}/notes?per_page=100&page=${page}&sort=asc&order_by=created_at`,
          { headers: withToken() },
        );
        const found = notes.find((n) => !n.system && n.author?.id === me.id && isStickyBody(n.body, marker));
        if (found) return { id: found.id };
        if (notes.length < 100) return undefined;
      }
      return undefined;
    },
    async createNote(iid, body) {
      return json<{ id: number }>(`${project}/merge_requests/${iid}/notes`, send('POST', body));
    },
    async updateNote(iid, id, body) {
      return json<{ id: number }>(`${project}/merge_requests/${iid}/notes/${id}`, send('PUT', body));
    },
  };
}
