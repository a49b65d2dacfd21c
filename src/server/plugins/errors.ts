import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors.ts";

/**
 * One mapping from failures to answers: `{ message }` (plus `errors` by field for a 400).
 * A 5xx never carries a stack, SQL or driver text; those go to the log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .send(err.fieldErrors ? { message: err.message, errors: err.fieldErrors } : { message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = schemaFieldErrors(err);
      const first = Object.values(errors)[0] ?? "Invalid request";
      return reply.code(400).send({ message: first, errors });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: err.message });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, bad content type): safe, short messages
      const message =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError
          ? "Malformed JSON in request body"
          : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "Request body is too large"
            : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
              ? "Unsupported content type"
              : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
                ? "Request body is empty"
                : status === 400
                  ? "Bad request"
                  : "Request refused";
      return reply.code(status).send({ message });
    }
    request.log.error({ err }, "unhandled error");
    return reply.code(500).send({ message: "Something went wrong on our side. Please try again." });
  });
}

/** A request schema's failures by field ("coveredItems.0.room"), the first message of each */
export function schemaFieldErrors(err: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(err)) return errors;
  for (const v of err.validation) {
    const field = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
    errors[field] ??= v.message ?? "Invalid value";
  }
  return errors;
}

/** Unknown API paths answer JSON; the page renderer calls this for them. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `No API route for ${request.method} ${request.url.split("?")[0]}` });
}
