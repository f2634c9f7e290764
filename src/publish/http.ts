/**
 * fetch with retries: network errors, 5xx and 429 are tried again with backoff (Retry-After when the
 * server gives one); anything else is returned to the caller as is.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  options: { attempts?: number; baseDelayMs?: number; log?: (message: string) => void } = {},
): Promise<Response> {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 1000;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let wait = base * 2 ** (attempt - 1);
    try {
      const response = await fetch(url, init);
      if (response.status < 500 && response.status !== 429) return response;
      if (attempt === attempts) return response;
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) wait = Math.min(retryAfter * 1000, 60_000);
      options.log?.(`${init.method ?? 'GET'} ${new URL(url).pathname}: HTTP ${response.status}; retrying in ${wait / 1000}s`);
      await response.arrayBuffer();
    } catch (error) {
      lastError = error;
      if (attempt === attempts) throw error;
      options.log?.(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${String(error)}; retrying in ${wait / 1000}s`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw lastError instanceof Error ? lastError : new Error('request failed');
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
