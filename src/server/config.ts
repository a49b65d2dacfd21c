import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isValidGstin } from "../shared/gstin.ts";
import { SOCIAL_NETWORKS, type SocialLink } from "../shared/schemas/content.ts";
import { secureDataDir } from "./db/data-dir-lock.ts";

/**
 * The one place that reads the environment. Invalid configuration stops start-up with
 * one line naming the variable and the fix (see CONTRACT.md).
 */
/** state code (2 digits), PAN (5 letters, 4 digits, a letter), entity number, "Z", check character */

/**
 * A setting that may be left out or set empty (as `NAME=` in an env file does): either way it
 * is unset, and only a value that is there is checked against `schema`.
 */
function optionalSetting<T extends z.ZodType>(schema: T) {
  return schema.optional().or(z.literal("").transform(() => undefined));
}

const WEB_PAGE = "must be the full https:// address of the business's own page";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalSetting(
    z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://"),
  ),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** months after which an enquiry's sender details are anonymised (modules/privacy/retention.ts) */
  ENQUIRY_RETENTION_MONTHS: z.coerce
    .number({ message: "must be a whole number of months from 1 to 120" })
    .int("must be a whole number of months from 1 to 120")
    .min(1, "must be a whole number of months from 1 to 120")
    .max(120, "must be a whole number of months from 1 to 120")
    .default(24),
  /** multiplies every rate limit; load tests raise it */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** rate-limit counters in Redis instead of PostgreSQL or memory (lib/redis-counters.ts) */
  REDIS_URL: optionalSetting(
    z.string().regex(/^rediss?:\/\/[^\s]+$/, "must start with redis:// or rediss://"),
  ),
  /** the bearer token a Prometheus scraper sends to GET /metrics; unset: /metrics answers 404 */
  METRICS_TOKEN: optionalSetting(
    z
      .string()
      .regex(/^[A-Za-z0-9._~+/=-]{16,}$/, "must be at least 16 letters, digits or -._~+/= with no spaces"),
  ),
  /** the site's own address: links, sitemap, cache keys, the cross-site check */
  PUBLIC_ORIGIN: optionalSetting(
    z.string().refine(isOrigin, "must be a scheme and host only, such as https://warranty.example.in"),
  ),
  /** behind a reverse proxy: whose X-Forwarded-For / -Proto / -Host to believe */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/, ]+)$/, "must be true, false or the proxy's addresses")
    .optional(),
  /** outgoing mail; unset: e-mails are kept in the database and shown in the console's Outbox */
  SMTP_URL: optionalSetting(
    z.string().refine(isSmtpUrl, "must be smtp://user:pass@host:port or smtps://user:pass@host:port"),
  ),
  MAIL_FROM: optionalSetting(
    z
      .string()
      .refine(isMailbox, "must be an e-mail address, optionally with a name: Name <address@example.in>"),
  ),
  STAFF_EMAIL: optionalSetting(z.string().refine((v) => EMAIL.test(v), "must be one e-mail address")),
  /** ticket attachments in S3-compatible storage instead of DATA_DIR/uploads */
  S3_URL: optionalSetting(
    z
      .string()
      .refine(
        (v) => parseS3Url(v) !== null,
        "must be http(s)://ACCESS_KEY:SECRET@host[:port]/bucket, optionally ?region=ap-south-1",
      ),
  ),
  /** the company's GST registration, printed on every tax invoice */
  GSTIN: optionalSetting(
    z
      .string()
      .transform((v) => v.trim().toUpperCase())
      // the one GSTIN rule (shape and check character) that customers' and partners' numbers meet
      .pipe(z.string().refine(isValidGstin, "must be a 15-character GSTIN such as 33ABCDE1234F1Z7")),
  ),
  /** the business's own social pages, linked in the footer and the contact page; unset: not linked */
  SOCIAL_FACEBOOK_URL: optionalSetting(z.string().refine(isWebPage, WEB_PAGE)),
  SOCIAL_X_URL: optionalSetting(z.string().refine(isWebPage, WEB_PAGE)),
  SOCIAL_INSTAGRAM_URL: optionalSetting(z.string().refine(isWebPage, WEB_PAGE)),
  SOCIAL_LINKEDIN_URL: optionalSetting(z.string().refine(isWebPage, WEB_PAGE)),
  /** the UPI address online orders are paid to; unset in production: online purchase is off */
  UPI_VPA: optionalSetting(
    z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/,
        "must be a UPI address such as hipws@okaxis",
      ),
  ),
  /** the GST rate of the service, in percent; homeowner plan prices include it, partner prices have it added */
  GST_RATE_PERCENT: z.coerce
    .number({ message: "must be a percentage from 0 to 28" })
    .min(0, "must be a percentage from 0 to 28")
    .max(28, "must be a percentage from 0 to 28")
    .default(18),
});

/** every variable the server reads: docs/configuration.md describes each (src/docs.test.ts) */
export const SERVER_VARIABLES = Object.keys(EnvSchema.shape);

/**
 * S3_URL: the endpoint's address with the access key and secret as its user and password
 * and the bucket as its path. The scheme says whether the endpoint speaks TLS, so one form
 * serves a provider's https endpoint and a local server alike; buckets are addressed by
 * path, which every S3-compatible server understands.
 */
function parseS3Url(value: string): S3Config | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ""));
    if (!url.username || !url.password || !url.hostname || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      return null;
    return {
      endpoint: `${url.protocol}//${url.host}`,
      accessKeyId: decodeURIComponent(url.username),
      secretAccessKey: decodeURIComponent(url.password),
      bucket,
      region: url.searchParams.get("region") || "us-east-1",
    };
  } catch {
    return null;
  }
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** "address@example.in" or "Name <address@example.in>", on one line (it becomes a header) */
function isMailbox(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const m = /^\s*(?:([^<>]*?)\s*<([^<>]+)>|([^<>\s]+))\s*$/.exec(value);
  return !!m && EMAIL.test(m[2] ?? m[3]);
}

/** the sender when MAIL_FROM is unset */
export const DEFAULT_MAIL_FROM = "Home Interior Project Warranty Solutions <no-reply@hipwarranty.in>";

const FIXES: Record<string, string> = {
  PORT: "set PORT to a number between 0 and 65535, or unset it for 5000",
  REDIS_URL:
    "set REDIS_URL to redis://host:6379 (or rediss:// with TLS), or unset it to count rate limits in the database",
  DATABASE_URL: "set DATABASE_URL to postgres://user:password@host:5432/db, or unset it to use DATA_DIR",
  SESSION_SECRET: "set SESSION_SECRET to a random string of at least 32 characters (openssl rand -hex 32)",
  NODE_ENV: "set NODE_ENV to development, production or test",
  PUBLIC_ORIGIN:
    "set PUBLIC_ORIGIN to the address visitors use, scheme and host only (https://warranty.example.in)",
  ENQUIRY_RETENTION_MONTHS:
    "set ENQUIRY_RETENTION_MONTHS to how many months enquiries keep their details (24 when unset)",
  TRUST_PROXY:
    "set TRUST_PROXY to the proxy's address (127.0.0.1), a comma-separated list or CIDR, true, or unset it when no proxy is in front",
  SMTP_URL:
    "set SMTP_URL to smtp://user:password@mail.example.in:587 (or smtps:// for port 465), or unset it to keep e-mails in the Outbox",
  MAIL_FROM:
    "set MAIL_FROM to the sender, such as HIPWS <no-reply@hipwarranty.in>, or unset it for the default",
  STAFF_EMAIL:
    "set STAFF_EMAIL to the address staff alerts go to, such as support@hipwarranty.in, or unset it",
  GSTIN:
    "set GSTIN to the company's 15-character GST registration number, or unset it (invoices then say it is not configured)",
  UPI_VPA:
    "set UPI_VPA to the business's UPI address (name@bank) that online orders are paid to, or unset it to turn online purchase off",
  GST_RATE_PERCENT: "set GST_RATE_PERCENT to the GST rate in percent, such as 18, or unset it for 18",
  SOCIAL_FACEBOOK_URL:
    "set SOCIAL_FACEBOOK_URL to https://www.facebook.com/<the business's page>, or unset it",
  SOCIAL_X_URL: "set SOCIAL_X_URL to https://x.com/<the business's account>, or unset it",
  SOCIAL_INSTAGRAM_URL:
    "set SOCIAL_INSTAGRAM_URL to https://www.instagram.com/<the business's account>, or unset it",
  SOCIAL_LINKEDIN_URL:
    "set SOCIAL_LINKEDIN_URL to https://www.linkedin.com/company/<the business's page>, or unset it",
  METRICS_TOKEN:
    "set METRICS_TOKEN to a long random value (openssl rand -hex 32), or unset it to turn /metrics off",
  S3_URL:
    "set S3_URL to https://ACCESS_KEY:SECRET@s3.example.com/bucket (path-style; ?region=… when needed), or unset it to keep uploads in DATA_DIR/uploads",
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  production: boolean;
  /**
   * the site's own scheme and host (PUBLIC_ORIGIN), e.g. https://warranty.example.in: what
   * links, the sitemap and the cross-site check use, never the Host a request claims
   */
  publicOrigin: string;
  /** serve the client through Vite's dev middleware instead of built assets */
  dev: boolean;
  logLevel: string;
  rateLimitFactor: number;
  /** REDIS_URL: where rate limits are counted when set */
  redisUrl: string | undefined;
  /** METRICS_TOKEN: GET /metrics answers only with this bearer token; unset: 404 */
  metricsToken: string | undefined;
  /** Fastify's trustProxy: false (default), true, or the trusted proxies' addresses */
  trustProxy: boolean | string;
  /** enquiries older than this many months lose the sender's details (ENQUIRY_RETENTION_MONTHS) */
  enquiryRetentionMonths: number;
  mail: MailConfig;
  uploads: UploadsConfig;
  gst: GstConfig;
  /** the social pages configured, in the footer's order */
  social: SocialLink[];
  /** UPI_VPA; in development a demo payee when unset; undefined: online purchase is off */
  upiVpa: string | undefined;
}

/** what tax invoices print and charge */
export interface GstConfig {
  /** GSTIN; "" when unset */
  gstin: string;
  /** GST_RATE_PERCENT */
  ratePercent: number;
}

/** where ticket attachments are kept */
export interface UploadsConfig {
  /** DATA_DIR/uploads: the files, and the temporary files of uploads in progress */
  dir: string;
  /** S3_URL parsed: the files go there instead (temporary files stay in `dir`) */
  s3?: S3Config;
}

export interface S3Config {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  region: string;
}

export interface MailConfig {
  /** unset: e-mails are kept in the database only (the console's Outbox) */
  smtpUrl?: string;
  from: string;
  /** where staff alerts go; unset: to every staff account's own address */
  staffEmail?: string;
}

/** the payee of online orders in development when UPI_VPA is unset: not a real UPI address */
const DEMO_UPI_VPA = "hipws.demo@upi";

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}: ${issue.message}; ${FIXES[name] ?? `fix or unset ${name}`}.`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (production) {
      throw new ConfigError(
        `Missing SESSION_SECRET: it is required when NODE_ENV=production; ${FIXES.SESSION_SECRET}.`,
      );
    }
    sessionSecret = readOrCreateSecret(dataDir);
  }
  if (production && !e.PUBLIC_ORIGIN) {
    throw new ConfigError(
      `Missing PUBLIC_ORIGIN: it is required when NODE_ENV=production; ${FIXES.PUBLIC_ORIGIN}.`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : `http://localhost:${e.PORT}`,
    production,
    dev: argv.includes("--dev"),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    enquiryRetentionMonths: e.ENQUIRY_RETENTION_MONTHS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM, staffEmail: e.STAFF_EMAIL },
    uploads: {
      dir: path.join(dataDir, "uploads"),
      s3: e.S3_URL ? (parseS3Url(e.S3_URL) ?? undefined) : undefined,
    },
    gst: { gstin: e.GSTIN ?? "", ratePercent: e.GST_RATE_PERCENT },
    // production takes money only at an address someone configured; development shows the
    // whole Buy path with a payee nobody can pay
    upiVpa: e.UPI_VPA ?? (production ? undefined : DEMO_UPI_VPA),
    social: socialLinks({
      Facebook: e.SOCIAL_FACEBOOK_URL,
      X: e.SOCIAL_X_URL,
      Instagram: e.SOCIAL_INSTAGRAM_URL,
      LinkedIn: e.SOCIAL_LINKEDIN_URL,
    }),
  };
}

function socialLinks(pages: Record<SocialLink["name"], string | undefined>): SocialLink[] {
  return SOCIAL_NETWORKS.flatMap((name) => (pages[name] ? [{ name, href: pages[name] }] : []));
}

/** an https address with a path: a network's home page alone links nobody's page */
function isWebPage(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password && url.pathname.length > 1;
  } catch {
    return false;
  }
}

/** http(s)://host[:port] with nothing after it but an optional "/" */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      !url.username &&
      !url.password &&
      url.pathname === "/" &&
      !url.search &&
      !url.hash &&
      !value.endsWith("?") &&
      !value.endsWith("#")
    );
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  return value.replace(/\s+/g, "");
}

/**
 * Outside production the secret is generated once and kept beside the data it protects.
 * Whoever can read it can sign a session cookie for any account, so the file is checked
 * each time it is read: a regular file (not a link to one elsewhere), readable by its
 * owner alone, and long enough to be a secret.
 */
function readOrCreateSecret(dataDir: string): string {
  secureDataDir(dataDir);
  const file = path.join(dataDir, "session-secret");
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return createSecret(file);
    if (code === "ELOOP") {
      throw new ConfigError(
        `${file} is a symbolic link; delete it to have a new secret generated, or set SESSION_SECRET.`,
      );
    }
    throw err;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      throw new ConfigError(
        `${file} is not a file; delete it to have a new secret generated, or set SESSION_SECRET.`,
      );
    }
    const mode = stat.mode & 0o777;
    if (mode & 0o077 && process.platform !== "win32") {
      throw new ConfigError(
        `${file} can be read by other users of this machine (mode ${mode.toString(8)}); run \`chmod 600 ${file}\` and start again.`,
      );
    }
    const secret = readFileSync(fd, "utf8").trim();
    if (secret.length < 32) {
      throw new ConfigError(
        `${file} holds ${secret.length} characters, fewer than the 32 a session secret needs; delete it to have a new one generated (everyone will have to log in again), or set SESSION_SECRET.`,
      );
    }
    return secret;
  } finally {
    closeSync(fd);
  }
}

/**
 * Written to a file of our own and linked into place: a second process starting at the same
 * moment reads either no secret or the whole one, and both end up with the same.
 */
function createSecret(file: string): string {
  const secret = randomBytes(32).toString("hex");
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temp, secret, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readFileSync(file, "utf8").trim();
  } finally {
    rmSync(temp, { force: true });
  }
}
