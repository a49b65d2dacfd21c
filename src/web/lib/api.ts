/**
 * The one HTTP client of the browser (spec §7, §8): credentials always, a JSON body only
 * when a payload is given, and any non-OK answer becomes an Error whose message is
 * `${status}: ${body text or status text}`.
 */
export async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json" } : undefined,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

async function throwIfNotOk(res: Response) {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** GET a JSON answer; with `on401: "returnNull"` a 401 reads as "nobody", not as a failure. */
export async function getJson<T>(path: string, { on401 = "throw" }: { on401?: "throw" | "returnNull" } = {}) {
  const res = await fetch(path, { credentials: "include" });
  if (on401 === "returnNull" && res.status === 401) return null as T;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** The HTTP status an apiRequest error carries, or undefined for a network failure. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * What a toast should say about a failed call: the server's `{ message }` when it sent
 * one, otherwise the given fallback (spec §8 wording).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // not JSON: plain text from a proxy, or the status text
  }
  return body && body.length < 200 && !body.startsWith("<") && body !== error.message ? body : fallback;
}
