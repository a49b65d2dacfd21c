import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { z } from "zod";
import { type Endpoint, PAGE_HEADERS, type Page, splitKey } from "../../shared/endpoints/define.ts";
import { type EndpointName, type Endpoints, endpoints } from "../../shared/endpoints/index.ts";
import { AppError, badRequest } from "../errors.ts";
import type { RequestActor } from "../plugins/access.ts";
import { schemaFieldErrors } from "../plugins/errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** set by the tests: every answer is checked against its endpoint's response schema */
    checkResponses: boolean;
  }
}

type Parsed<E, Part extends "params" | "query" | "body"> = E extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** The request a handler gets: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<K extends EndpointName> = FastifyRequest<{
  Params: Parsed<Endpoints[K], "params">;
  Querystring: Parsed<Endpoints[K], "query">;
  Body: Parsed<Endpoints[K], "body">;
}>;

/**
 * What a handler gets: the parsed request and, on every endpoint that is not public, the
 * caller (`request.actor`), already resolved and let through by the access check.
 */
type HandlerRequest<K extends EndpointName> = Endpoints[K]["access"] extends "public"
  ? EndpointRequest<K>
  : EndpointRequest<K> & { actor: RequestActor };

/** What a handler answers on success: the endpoint's response, before serialization. */
export type Answer<K extends EndpointName> = z.input<Endpoints[K]["response"]>;

type Row<S> = S extends z.ZodArray<infer Item> ? z.input<Item> : never;

/** What a handler returns: a paged list's handler returns its `Page`, the others their answer. */
type HandlerResult<K extends EndpointName> = Endpoints[K] extends { paged: true }
  ? Page<Row<Endpoints[K]["response"]>>
  : Answer<K>;

type Handler<K extends EndpointName> = (
  request: HandlerRequest<K>,
  reply: FastifyReply,
) => Promise<HandlerResult<K> | FastifyReply> | FastifyReply;

/**
 * Registers one endpoint of the contract (src/shared/endpoints) on Fastify: its access
 * level (checked by the access plugin before the body is read), its request schemas
 * (zod, 400 with `{message, errors}`) and its response schema.
 *
 * Answers are written by fast-json-stringify from the response schema converted to JSON
 * Schema: the fastest serializer Fastify has, and it writes only the declared fields.
 * When the app runs under the tests (`checkResponses`), each answer is also parsed by
 * the zod schema and compared with what was written, so an answer that does not match
 * its contract fails the test with a 500 that names the endpoint and the field.
 *
 * A paged list (`paged: true`) returns a `Page`: its rows are the answer, and its total
 * and next cursor go into headers (see `sendPage`).
 */
export function route<K extends EndpointName>(
  app: FastifyInstance,
  key: K,
  handler: Handler<K>,
  options: {
    /** per client address unless `keyGenerator` says whose hits count together (a user's) */
    rateLimit?: {
      max: number;
      timeWindow: string;
      keyGenerator?: (request: FastifyRequest) => string | Promise<string>;
    };
    /**
     * The rules the service checks beyond the schema (those that read the database), run
     * on the fields that passed the schema when others did not: their problems are answered
     * with the schema's in one 400, so a client is told everything wrong at once rather than
     * one round at a time. By field; the schema's message wins where both find one.
     */
    checksBesideSchema?: (request: FastifyRequest, body: unknown) => Promise<Record<string, string>>;
  } = {},
) {
  const endpoint: Endpoint = endpoints[key];
  const { method, path } = splitKey(key);
  const status = endpoint.status ?? 200;
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (!endpoint.download) schema.response = { [status]: wireSchema(endpoint.response) };
  const checks =
    app.checkResponses && !endpoint.download ? responseChecks(key, endpoint.response, status) : {};

  /** only with checksBesideSchema: otherwise Fastify answers a schema failure before the handler */
  const refuseInvalid = async (request: FastifyRequest) => {
    if (!request.validationError || !options.checksBesideSchema) return;
    const errors = schemaFieldErrors(request.validationError);
    const beside = await options.checksBesideSchema(request, request.body);
    for (const [field, message] of Object.entries(beside)) errors[field] ??= message;
    throw badRequest(Object.values(errors)[0] ?? "Invalid request", errors);
  };

  app.route({
    method,
    url: path,
    config: {
      access: endpoint.access,
      ...(endpoint.staffTwoFactorExempt ? { staffTwoFactorExempt: true as const } : {}),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    schema,
    ...checks,
    ...(options.checksBesideSchema ? { attachValidation: true } : {}),
    handler: endpoint.paged
      ? async (request, reply) => {
          await refuseInvalid(request);
          reply.code(status);
          const answer = await handler(request as HandlerRequest<K>, reply);
          return answer === reply ? reply : sendPage(request, reply, answer as Page<unknown>);
        }
      : async (request, reply) => {
          await refuseInvalid(request);
          reply.code(status);
          return handler(request as HandlerRequest<K>, reply);
        },
  });
}

/**
 * A page's rows as the answer, and the rest of the page in headers: `X-Total-Count`,
 * `X-Total-Count-Estimate: true` when the total is the planner's estimate, and the next
 * page's address in `Link: <...>; rel="next"`: this request's own path and query with the
 * new cursor, so every filter, sort and search carries over unchanged.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page<unknown>): unknown[] {
  reply.header(PAGE_HEADERS.total, String(page.total));
  if (page.totalIsEstimate) reply.header(PAGE_HEADERS.estimate, "true");
  if (page.nextCursor)
    reply.header(PAGE_HEADERS.link, `<${nextPageUrl(request.url, page.nextCursor)}>; rel="next"`);
  return page.items;
}

/** `url` with its `cursor` parameter set to `cursor`, the other parameters as they were */
function nextPageUrl(url: string, cursor: string): string {
  const q = url.indexOf("?");
  const query = new URLSearchParams(q < 0 ? "" : url.slice(q + 1));
  query.set("cursor", cursor);
  // the path as the router matched it; characters a Link header cannot carry are escaped
  const path = (q < 0 ? url : url.slice(0, q)).replace(/[<>\s,;"]/g, encodeURIComponent);
  return `${path}?${query}`;
}

/**
 * The JSON text of an answer, written by the route's own serializer: for answers kept as
 * bytes (the public cache), so they are checked and shaped exactly like direct answers.
 */
export function serializeAnswer<K extends EndpointName>(
  reply: FastifyReply,
  key: K,
  value: Answer<K>,
): string {
  if (reply.server.checkResponses) checkAnswer(key, endpoints[key].response, value);
  return reply.serialize(value) as string;
}

/** The response schema as fast-json-stringify reads it. */
function wireSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return simplifyNullable(json) as Record<string, unknown>;
}

/**
 * zod writes `x | null` as `anyOf: [x, {type: "null"}]`, which fast-json-stringify
 * serializes by running a validator for each value; `type: [x, "null"]` says the same
 * and is written directly.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullable(v);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === "null" && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && typeof other.type === "string" && !other.anyOf) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, "null"] };
    }
  }
  return out;
}

/** The answer as JSON carries it (dates become ISO strings), checked against the schema. */
function checkAnswer(key: string, schema: z.ZodType, value: unknown): unknown {
  const wire = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  const result = schema.safeParse(wire);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError(
      500,
      `${key} answered outside its contract at ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  return result.data;
}

/** Test-time hooks: the zod check before serialization, the comparison with the bytes after it. */
function responseChecks(key: string, schema: z.ZodType, status: number) {
  const expected = new WeakMap<FastifyRequest, unknown>();
  return {
    preSerialization: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode === status) expected.set(request, checkAnswer(key, schema, payload));
      return payload;
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!expected.has(request) || reply.statusCode !== status || typeof payload !== "string")
        return payload;
      const want = expected.get(request);
      expected.delete(request);
      if (!isDeepStrictEqual(JSON.parse(payload), want)) {
        throw new AppError(500, `${key}: the serialized answer differs from its schema's reading of it`);
      }
      return payload;
    },
  };
}
