import { randomUUID } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { SocialLink } from "../shared/schemas/content.ts";
import type { Config, GstConfig, MailConfig, UploadsConfig } from "./config.ts";
import { DEFAULT_MAIL_FROM } from "./config.ts";
import type { Database } from "./db/client.ts";
import { CursorCodec } from "./lib/keyset.ts";
import { LOG_SERIALIZERS } from "./lib/log-redaction.ts";
import { ANSWER_CACHE_ENTRIES, PublicCache } from "./lib/public-cache.ts";
import { MemoryCounters, PostgresCounters, type RateCounters, rateLimitStore } from "./lib/rate-counters.ts";
import { RedisCounters } from "./lib/redis-counters.ts";
import { attachmentRoutes, openUploadStore } from "./modules/attachments/attachments.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { cannedReplyRoutes } from "./modules/canned-replies/canned-replies.routes.ts";
import { certificateRoutes } from "./modules/certificates/certificates.routes.ts";
import { contentRoutes } from "./modules/content/content.routes.ts";
import { enquiryRoutes } from "./modules/enquiries/enquiries.routes.ts";
import { invoiceRoutes } from "./modules/invoices/invoices.routes.ts";
import { setGstSettings } from "./modules/invoices/invoices.service.ts";
import type { JobRunner, RunnerOptions } from "./modules/jobs/runner.ts";
import { createMailSystem } from "./modules/mail/mail.ts";
import { outboxRoutes } from "./modules/mail/outbox.routes.ts";
import { passwordResetRoutes } from "./modules/mail/password-reset.routes.ts";
import { unsubscribeRoutes } from "./modules/mail/unsubscribe.ts";
import { newsRoutes } from "./modules/news/news.routes.ts";
import { type Lifecycle, OPERATIONS_PATHS, probeRoutes } from "./modules/operations/probes.ts";
import { JOBS_GRACE_MS } from "./modules/operations/shutdown.ts";
import { orderRoutes } from "./modules/orders/orders.routes.ts";
import { upiMethod } from "./modules/orders/payment-methods.ts";
import { partnerRoutes } from "./modules/partners/partners.routes.ts";
import { policyRoutes } from "./modules/policies/policies.routes.ts";
import { privacyRoutes } from "./modules/privacy/privacy.routes.ts";
import { ratingRoutes } from "./modules/ratings/ratings.routes.ts";
import { renewalRoutes } from "./modules/renewals/renewals.routes.ts";
import { securityRoutes } from "./modules/security/security.routes.ts";
import { registerSecurityEvents } from "./modules/security/security-events.ts";
import { slaRoutes } from "./modules/sla/sla.routes.ts";
import { technicianRoutes } from "./modules/technicians/technicians.routes.ts";
import { ticketRoutes } from "./modules/tickets/tickets.routes.ts";
import { transferRoutes } from "./modules/transfers/transfers.routes.ts";
import { registerTwoFactor, twoFactorRoutes } from "./modules/two-factor/two-factor.routes.ts";
import { customerRoutes } from "./modules/users/customers.routes.ts";
import { visitRoutes } from "./modules/visits/visits.routes.ts";
import { type RegisteredRoute, registerAccessControl } from "./plugins/access.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerSessions } from "./plugins/session.ts";
import { registerTextGuard } from "./plugins/text-guard.ts";
import { INLINE_SCRIPT_HASHES } from "./ssr/inline-scripts.ts";
import { registerPages } from "./ssr/pages.ts";

export type AppConfig = Pick<
  Config,
  "sessionSecret" | "production" | "dev" | "logLevel" | "rateLimitFactor" | "publicOrigin"
> & {
  trustProxy?: boolean | string;
  /** REDIS_URL: rate limits are counted in Redis when set */
  redisUrl?: string;
  /** METRICS_TOKEN: GET /metrics answers this bearer token; absent: 404 */
  metricsToken?: string;
  /** tests: check every answer against its endpoint's response schema (see lib/endpoint.ts) */
  checkResponses?: boolean;
  /** SMTP_URL, MAIL_FROM, STAFF_EMAIL; absent: e-mails are kept in the Outbox only */
  mail?: MailConfig;
  /** GSTIN and GST_RATE_PERCENT for tax invoices; absent: no GSTIN and 18% (tests) */
  gst?: GstConfig;
  /** SOCIAL_*_URL: the business's own social pages; absent: none are linked */
  social?: SocialLink[];
  /** UPI_VPA: the UPI address online orders are paid to; absent: online purchase is off */
  upiVpa?: string;
  /** tests: a shorter backoff or lease for the job runner */
  /** ticket attachments: DATA_DIR/uploads or S3_URL; absent: a temporary directory (tests) */
  uploads?: UploadsConfig;
  jobs?: Partial<RunnerOptions>;
};

export interface AppDeps {
  config: AppConfig;
  database: Database;
}

declare module "fastify" {
  interface FastifyInstance {
    apiRoutes: RegisteredRoute[];
    /** this process's job runner (e-mails, reminders): started by index.ts, drained by the tests */
    jobs: JobRunner;
    /** set when a shutdown begins: /readyz answers 503 from then on */
    lifecycle: Lifecycle;
  }
}

/** Builds the whole site (API, pages, assets) without listening: tests inject into it. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const { db } = database;
  const app = Fastify({
    // a failed query's parameters (a password hash, a phone number) never reach the log
    logger: { level: config.logLevel, serializers: LOG_SERIALIZERS },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy ?? false,
    // a line per request only when debugging: at production rates it costs more than it tells
    logController: new LogController({
      disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace",
    }),
    // a shutdown answers the requests that still come on open connections (modules/operations/
    // shutdown.ts): a proxy that sent one there would pass a 503 on to the client
    return503OnClosing: false,
    // unique across processes and restarts: a security event names the request's log lines
    genReqId: () => randomUUID(),
  });
  // requests are parsed by the endpoints' zod schemas; answers are written by Fastify's own
  // serializer from their JSON Schema form (lib/endpoint.ts)
  app.setValidatorCompiler(validatorCompiler);
  app.decorate("checkResponses", config.checkResponses ?? false);

  const cache = new PublicCache(ANSWER_CACHE_ENTRIES);
  const routes: RegisteredRoute[] = [];
  app.decorate("apiRoutes", routes);

  registerErrorHandling(app);
  registerTextGuard(app);
  await registerSecurity(app, {
    production: config.production,
    dev: config.dev,
    publicOrigin: config.publicOrigin,
    inlineScriptHashes: INLINE_SCRIPT_HASHES,
    anyHostPaths: OPERATIONS_PATHS,
    answerEarly: (request, reply, apiHeaders) => cache.answerEarly(request, reply, apiHeaders),
  });
  // background work: e-mails and the daily reminder scan, through the jobs table
  const mail = createMailSystem({
    database,
    mail: config.mail ?? { from: DEFAULT_MAIL_FROM },
    origin: config.publicOrigin,
    log: app.log,
    runner: config.jobs,
    secret: config.sessionSecret,
  });
  app.decorate("jobs", mail.runner);
  app.addHook("onClose", async () => {
    await mail.runner.stop(JOBS_GRACE_MS);
    mail.mailer.close();
  });
  const lifecycle: Lifecycle = { stopping: false };
  app.decorate("lifecycle", lifecycle);
  await app.register(probeRoutes, { database, runner: mail.runner, lifecycle });
  if (config.metricsToken) {
    // loaded only when metrics are asked for: the start stays quick without them
    const { registerMetrics } = await import("./modules/operations/metrics.ts");
    await registerMetrics(app, { token: config.metricsToken, database, runner: mail.runner });
  } else {
    // turned off: the same 404 whatever is sent, built or not, so nothing says it could be on
    app.get("/metrics", (_request, reply) => {
      reply.code(404).send({ message: "Not found" });
    });
  }
  // one PostgreSQL (or Redis, when REDIS_URL is set) serves several app processes: their
  // limits are counted there, together
  const counters: RateCounters = config.redisUrl
    ? await RedisCounters.open(config.redisUrl, {
        onError: (err) => app.log.warn({ err }, "Redis connection error (rate limits)"),
      })
    : database.kind === "postgres"
      ? new PostgresCounters(db, (err) => app.log.warn({ err }, "rate-limit sweep failed"))
      : new MemoryCounters();
  app.addHook("onClose", async () => counters.close());
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await registerSessions(app, {
    db,
    secret: config.sessionSecret,
    secure: config.production,
    watch: database.watch,
  });
  registerSecurityEvents(app, { db });
  registerAccessControl(app, routes, { db });
  // after the access check: the staff two-factor rule, and the challenge every sign-in asks for
  registerTwoFactor(app, { db, production: config.production });

  // list cursors are signed with the session secret: every process of a deployment reads the others'
  const codec = new CursorCodec(config.sessionSecret);
  const deps = {
    db,
    cache,
    codec,
    rateLimitFactor: config.rateLimitFactor,
    counters,
    production: config.production,
  };
  await app.register(authRoutes, deps);
  await app.register(contentRoutes, { ...deps, social: config.social ?? [] });
  await app.register(enquiryRoutes, deps);
  await app.register(policyRoutes, deps);
  await app.register(transferRoutes, deps);
  const files = openUploadStore(app, config.uploads);
  await app.register(certificateRoutes, { ...deps, origin: config.publicOrigin, storage: files.storage });
  setGstSettings(config.gst ?? { gstin: "", ratePercent: 18 });
  await app.register(invoiceRoutes, deps);
  await app.register(ticketRoutes, deps);
  await app.register(renewalRoutes, deps);
  await app.register(orderRoutes, { ...deps, payments: config.upiVpa ? upiMethod(config.upiVpa) : null });
  await app.register(customerRoutes, deps);
  await app.register(securityRoutes, deps);
  await app.register(attachmentRoutes, { ...deps, files });

  await app.register(outboxRoutes, deps);
  await app.register(unsubscribeRoutes, { db, key: mail.unsubscribeKey });
  await app.register(ratingRoutes, { ...deps, sessionSecret: config.sessionSecret });
  await app.register(newsRoutes, deps);
  await app.register(passwordResetRoutes, { ...deps, sessionSecret: config.sessionSecret });
  await app.register(privacyRoutes, deps);
  await app.register(twoFactorRoutes, { ...deps, sessionSecret: config.sessionSecret });
  await app.register(cannedReplyRoutes, deps);
  await app.register(slaRoutes, deps);
  await app.register(technicianRoutes, deps);
  await app.register(partnerRoutes, deps);
  await app.register(visitRoutes, {
    ...deps,
    sessionSecret: config.sessionSecret,
    origin: config.publicOrigin,
  });

  await registerPages(app, { db, config });
  return app;
}
