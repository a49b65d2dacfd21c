import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT, type TwoFactorSetup } from "../../../shared/schemas/two-factor.ts";
import type { Db, Tx } from "../../db/client.ts";
import { appSettings, recoveryCodes, users, userTwoFactor } from "../../db/schema.ts";
import { loadOnce } from "../../lib/load-once.ts";
import { recordAudit } from "../audit/audit.service.ts";

/** The name an authenticator app shows above the code. */
const ISSUER = "Home Interior Project Warranty Solutions";
const PERIOD_S = 30;
/** a code of the step before or after the server's is accepted: phones' clocks drift */
const WINDOW = 1;
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 10;

export const STAFF_RULE_KEY = "staff_two_factor_required";

/** the QR code of a new enrolment, drawn only when someone enrols */
const qrcode = loadOnce(() => import("qrcode"));

/**
 * The keys of two-factor sign-in, derived from the session secret (so a deployment has no
 * second secret to keep): one encrypts the TOTP secrets at rest, one hashes recovery codes.
 * A copy of the database alone then reveals neither. Changing SESSION_SECRET makes every
 * enrolled secret unreadable: those people sign in with a recovery code and enrol again.
 */
export class TwoFactorKeys {
  private readonly encryptionKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(sessionSecret: string) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync("sha256", sessionSecret, "hipws-two-factor", info, 32));
    this.encryptionKey = derive("totp secrets");
    this.hashKey = derive("recovery codes");
  }

  /** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.encryptionKey, iv);
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** null when the value was written under another key (the session secret changed) */
  decrypt(stored: string): string | null {
    const [version, iv, tag, data] = stored.split(".");
    if (version !== "v1" || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.encryptionKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      return null;
    }
  }

  /** A recovery code's stored form: keyed, and bound to its user, so equal codes never match across accounts. */
  hashRecoveryCode(userId: number, normalized: string): string {
    return createHmac("sha256", this.hashKey).update(`${userId}:${normalized}`).digest("base64url");
  }
}

/** What people type: spaces and dashes dropped, letters in lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

const totpFor = (secretBase32: string, label = "") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** The 30-second step a code belongs to, or null when it is no current code of this secret. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** Ten fresh recovery codes, shown as "k7q2m-z9p3h": 50 random bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export async function twoFactorRow(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row ?? null;
}

/** True when signing in to this account takes a second factor after the password. */
export async function needsSecondFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  return Boolean(row);
}

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Starts (or restarts) an enrolment: a new secret, kept encrypted, not yet in force. */
export async function startEnrolment(
  db: Db,
  keys: TwoFactorKeys,
  user: { id: number; username: string },
): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const stored = keys.encrypt(secret);
  await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secret: stored })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: stored, lastStep: null, updatedAt: new Date() },
      // an enrolment in force is never replaced here
      setWhere: isNull(userTwoFactor.enabledAt),
    });
  const otpauthUrl = totpFor(secret, user.username).toString();
  const svg = await (await qrcode()).toString(otpauthUrl, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Replaces the user's recovery codes with ten new ones, in the caller's transaction. */
export async function replaceRecoveryCodes(tx: Tx, keys: TwoFactorKeys, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: keys.hashRecoveryCode(userId, normalizeCode(c)) })));
  return codes;
}

/**
 * Takes a TOTP step as used, only if it is later than the last one taken: one statement,
 * so two requests with the same code at the same moment cannot both pass.
 */
export async function takeStep(
  db: Db | Tx,
  userId: number,
  step: number,
  enabled: boolean,
): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        enabled ? isNotNull(userTwoFactor.enabledAt) : isNull(userTwoFactor.enabledAt),
        or(isNull(userTwoFactor.lastStep), lt(userTwoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export type CodeCheck = "totp" | "recovery" | "replayed" | "wrong";

/**
 * Checks a code against an enrolment in force: a current TOTP code not used before, or an
 * unused recovery code, which is spent by this check (one statement, so it works once).
 */
export async function checkSecondFactor(
  db: Db | Tx,
  keys: TwoFactorKeys,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const row = await twoFactorRow(db, userId);
  if (!row?.enabledAt) return "wrong";
  const normalized = normalizeCode(code);
  if (/^[0-9]{6}$/.test(normalized)) {
    const secret = keys.decrypt(row.secret);
    const step = secret ? totpStep(secret, normalized, now) : null;
    if (step === null) return "wrong";
    return (await takeStep(db, userId, step, true)) ? "totp" : "replayed";
  }
  if (normalized.length !== RECOVERY_LENGTH) return "wrong";
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, keys.hashRecoveryCode(userId, normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0 ? "recovery" : "wrong";
}

/** The 400 message for a code that did not pass. */
export function codeProblem(check: "replayed" | "wrong"): string {
  return check === "replayed"
    ? "That code has already been used. Please wait for the next code from your app."
    : "That code is not correct. Please enter the current code from your authenticator app, or an unused recovery code.";
}

/**
 * A short fingerprint of the password hash: a pending sign-in carries it, so changing or
 * resetting the password cancels sign-ins waiting for their second step.
 */
export const passwordFingerprint = (passwordHash: string) =>
  createHash("sha256").update(passwordHash).digest("base64url").slice(0, 16);

/** The staff rule, read from `app_settings`: false until someone turns it on. */
export async function readStaffRule(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, STAFF_RULE_KEY));
  return row?.value === true;
}

/** the account a pending sign-in belongs to, with its password hash to compare fingerprints */
export async function pendingAccount(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** an audit row about the user's own two-factor sign-in */
export async function auditOwnTwoFactor(
  db: Db,
  userId: number,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await db.transaction((tx) =>
    recordAudit(tx, { actorId: userId, action, entityType: "user", entityId: userId, details }),
  );
}

/**
 * Brings an enrolment into force with the code of time step `step`: the step is taken as
 * used and the recovery codes made, together. Null when the step was used already.
 */
export async function enableTwoFactor(
  db: Db,
  keys: TwoFactorKeys,
  userId: number,
  step: number,
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    if (!(await takeStep(tx, userId, step, false))) return null;
    await tx
      .update(userTwoFactor)
      .set({ enabledAt: new Date(), updatedAt: new Date() })
      .where(eq(userTwoFactor.userId, userId));
    const codes = await replaceRecoveryCodes(tx, keys, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: "two_factor_enabled",
      entityType: "user",
      entityId: userId,
    });
    return codes;
  });
}

/** a fresh set of recovery codes in place of the old ones, audited */
export async function regenerateRecoveryCodes(
  db: Db,
  keys: TwoFactorKeys,
  userId: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, keys, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: "two_factor_recovery_codes_regenerated",
      entityType: "user",
      entityId: userId,
    });
    return codes;
  });
}

/** turns two-factor sign-in off: the secret and every recovery code go together */
export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await recordAudit(tx, {
      actorId: userId,
      action: "two_factor_disabled",
      entityType: "user",
      entityId: userId,
    });
  });
}

/** sets the staff rule, audited with the value it replaced */
export async function writeStaffRule(db: Db, actorId: number, requiredForStaff: boolean): Promise<void> {
  const before = await readStaffRule(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ key: STAFF_RULE_KEY, value: requiredForStaff, updatedById: actorId })
      .onConflictDoUpdate({
        target: appSettings.key,
        set: { value: requiredForStaff, updatedById: actorId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: requiredForStaff ? "staff_two_factor_required" : "staff_two_factor_not_required",
      entityType: "setting",
      entityId: null,
      details: { key: STAFF_RULE_KEY, from: before, to: requiredForStaff },
    });
  });
}
