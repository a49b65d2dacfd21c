import {
  fillPath,
  type MethodOf,
  nextPageLink,
  PAGE_HEADERS,
  type Page,
  type PathOf,
  type PathParams,
  queryString,
  splitKey,
} from "@shared/endpoints/define.ts";
import type { EndpointName, Endpoints } from "@shared/endpoints/index.ts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { NOT_SENT } from "./company.ts";

/**
 * The browser's one HTTP client, typed by the endpoint contract (src/shared/endpoints).
 * Only types come from the contract: its zod schemas stay out of the scripts, so the
 * landing page does not download zod to read a list of plans.
 *
 * Every request includes credentials, and a JSON body with a JSON content type is sent
 * only when there is a payload. A failure is an ApiError.
 */

/** What the server answers `key` with on success */
export type ApiAnswer<K extends EndpointName> = z.output<Endpoints[K]["response"]>;

/** What `key` takes as its JSON body */
export type ApiBody<K extends EndpointName> = Endpoints[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

type Filter<S extends z.ZodType> = { [F in keyof z.output<S>]?: string | number | null };

/** params (from the path), query and body of a call, each required only when the endpoint has it */
type CallInput<K extends EndpointName> = (keyof PathParams<PathOf<K>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<K>> }) &
  (Endpoints[K] extends { query: infer Q extends z.ZodType }
    ? { query?: Filter<Q> }
    : { query?: undefined }) &
  ([ApiBody<K>] extends [never]
    ? { body?: undefined }
    : undefined extends ApiBody<K>
      ? { body?: ApiBody<K> }
      : { body: ApiBody<K> });

type Args<K extends EndpointName> =
  Record<string, never> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's
 * `{message}` and its `errors` by form field. It survives the trip from the server's
 * render to the browser's cache as itself (see query-client.ts).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** the answer's text, or its status text when it had none */
    readonly body = "",
    /** whether `message` is the server's own words (otherwise it is the status and body) */
    readonly fromServer = false,
    /**
     * the call, "POST /api/tickets": a failed GET lost nothing, a failed submit may have lost
     * what was typed; a call under /api/admin is staff's
     */
    readonly request = "GET",
  ) {
    super(message);
  }

  /** An error answer: `{message, errors}` when the server sent JSON, its text otherwise. */
  static fromAnswer(status: number, text: string, statusText = "", request = "GET"): ApiError {
    const body = text || statusText;
    let parsed: { message?: unknown; errors?: unknown } | null = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // plain text from a proxy, or nothing
    }
    if (parsed && typeof parsed.message === "string" && parsed.message) {
      const errors = parsed.errors && typeof parsed.errors === "object" ? parsed.errors : {};
      const fieldErrors = Object.fromEntries(
        Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
      return new ApiError(status, parsed.message, fieldErrors, body, true, request);
    }
    const readable = body.length > 0 && body.length < 200 && !body.startsWith("<");
    return readable
      ? new ApiError(status, body, {}, body, true, request)
      : new ApiError(status, `${status}: ${body}`, {}, body, false, request);
  }

  /** Back from JSON (the server's dehydrated cache): the same error again. */
  static revive(value: unknown): unknown {
    if (value instanceof ApiError || !value || typeof value !== "object") return value;
    const v = value as Partial<ApiError>;
    if (v.name !== "ApiError" || typeof v.status !== "number") return value;
    return new ApiError(
      v.status,
      String(v.message),
      v.fieldErrors ?? {},
      v.body ?? "",
      v.fromServer ?? false,
      v.request ?? "GET",
    );
  }

  /** the spec's wording of a failed call: the status code, a colon and a space, then the body */
  override toString() {
    return `${this.status}: ${this.body}`;
  }

  toJSON() {
    const { name, status, message, fieldErrors, body, fromServer, request } = this;
    return { name, status, message, fieldErrors, body, fromServer, request };
  }
}

/** The address of a call: "/api/tickets/5", "/api/admin/tickets?status=open" */
export function apiPath<K extends EndpointName>(key: K, ...[input]: Args<K>): string {
  const { path } = splitKey(key);
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: object };
  return fillPath(path, params) + queryString(query as Record<string, string | number | undefined>);
}

/** Calls an endpoint and returns its typed answer; throws ApiError on any failure. */
export async function apiCall<K extends EndpointName>(key: K, ...args: Args<K>): Promise<ApiAnswer<K>> {
  const { method } = splitKey(key);
  const body = (args[0] as { body?: unknown } | undefined)?.body;
  return fetchJson(method, apiPath(key, ...args), body) as Promise<ApiAnswer<K>>;
}

/** endpoints that take a file: multipart/form-data (`multipart: true` in the contract) */
export type UploadName = {
  [K in EndpointName]: Endpoints[K] extends { multipart: true } ? K : never;
}[EndpointName];

type UploadInput<K extends UploadName> = (keyof PathParams<PathOf<K>> extends never
  ? { params?: undefined }
  : { params: PathParams<PathOf<K>> }) & {
  /** text fields, sent before the file */
  fields?: Record<string, string>;
};

/**
 * Sends a file to an upload endpoint (a ticket's attachments, a home record's photos, a
 * partner's logo, a transfer's proof of sale, a partner's CSV) as multipart/form-data: the
 * fields, then a `file` part. Returns the typed answer; throws ApiError as apiCall does.
 * `file` null: a form whose file is optional, sent with its fields only.
 */
export async function apiUpload<K extends UploadName>(
  key: K,
  input: UploadInput<K>,
  file: File | null,
): Promise<ApiAnswer<K>> {
  const { method, path } = splitKey(key);
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  if (file) form.append("file", file, file.name);
  const res = await send(method, fillPath(path, input.params), form);
  return res.json() as Promise<ApiAnswer<K>>;
}

/** GET endpoints: the ones a page reads through the query cache */
export type ReadName = { [K in EndpointName]: MethodOf<K> extends "GET" ? K : never }[EndpointName];

/**
 * A read as TanStack Query options. The key is the call's address, which is also what the
 * server prefetches under when it renders a page, so a first render reads from the cache.
 */
export function apiQuery<K extends ReadName>(key: K, ...args: Args<K>) {
  const path = apiPath(key, ...args);
  return queryOptions<ApiAnswer<K>, ApiError, ApiAnswer<K>, [string]>({
    queryKey: [path],
    queryFn: () => fetchJson("GET", path) as Promise<ApiAnswer<K>>,
  });
}

/** GET endpoints answered a page at a time (`paged: true` in the contract) */
export type PagedName = {
  [K in ReadName]: Endpoints[K] extends { paged: true } ? K : never;
}[ReadName];

/** One page of a paged list: its rows, and what the answer's headers say */
export type ApiPage<K extends PagedName> = Page<ApiAnswer<K>[number]>;

/**
 * A page of a paged list as TanStack Query options, keyed by its address like `apiQuery`
 * (the address carries the cursor, so each page is cached on its own). The rows are the
 * answer; the total and the next page's cursor come from its headers.
 */
export function apiPageQuery<K extends PagedName>(key: K, ...args: Args<K>) {
  const path = apiPath(key, ...args);
  return queryOptions<ApiPage<K>, ApiError, ApiPage<K>, [string]>({
    queryKey: [path],
    queryFn: () => fetchPage(path) as Promise<ApiPage<K>>,
    // the server's render reads the answer's headers too when it prefetches such a read
    meta: { paged: true },
  });
}

/** A paged list's page by address: the rows, the total and the next page's cursor. */
async function fetchPage(path: string): Promise<Page<unknown>> {
  const res = await send("GET", path);
  const items = (await res.json()) as unknown[];
  return pageFromAnswer(items, (name) => res.headers.get(name));
}

/** A page from a paged answer's rows and headers (in the browser, or in the server's render). */
export function pageFromAnswer(items: unknown[], header: (name: string) => string | null): Page<unknown> {
  const next = nextPageLink(header(PAGE_HEADERS.link));
  return {
    items,
    nextCursor: next ? new URL(next, "http://x").searchParams.get("cursor") : null,
    total: Number(header(PAGE_HEADERS.total) ?? items.length),
    totalIsEstimate: header(PAGE_HEADERS.estimate) === "true",
  };
}

/** A JSON call by address. */
export async function fetchJson(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await send(method, path, body);
  return res.status === 204 ? undefined : res.json();
}

/** what a failed request says when no answer came back at all */
const UNREACHABLE = "Could not reach the server. Please check your connection and try again.";

/** the request, with credentials; an ApiError unless it succeeded. A form (an upload) goes as it is, anything else as JSON. */
async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: json ? { "Content-Type": "application/json" } : undefined,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch {
    throw new ApiError(0, UNREACHABLE, {}, "", false, `${method} ${path}`);
  }
  if (!res.ok) throw ApiError.fromAnswer(res.status, await res.text(), res.statusText, `${method} ${path}`);
  return res;
}

/** The HTTP status of a failed call, or undefined when it is not a failed call. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * What a toast or a form says about a failed call: the one place a failure becomes words.
 *
 * A failure on our side (a 5xx from the server or a proxy in front of it, or no answer at
 * all) never shows its own text ("Internal Server Error", "Bad Gateway"): a customer's or a
 * partner's submit says in plain words that nothing was sent, to try again, and the number to
 * call; a read, and anything staff do (the console has its own words for each failure), say
 * the caller's fallback. Otherwise the server's own message when it sent one, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.status >= 500) {
    const [method, path = ""] = error.request.split(" ");
    return method === "GET" || path.startsWith("/api/admin") ? fallback : NOT_SENT;
  }
  return error.fromServer ? error.message : fallback;
}
