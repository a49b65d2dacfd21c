import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/test-app.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { LOG_SERIALIZERS, safeErrorMessage } from "./log-redaction.ts";

const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE";
const PHONE = "9840055555";

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** what a real failed query throws: the error the app would log */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("the query was expected to fail");
}

/** the log line Fastify's logger writes for `{ err }`, with the given serializers */
function logged(err: unknown, serializers?: typeof LOG_SERIALIZERS): string {
  let out = "";
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream, ...(serializers ? { serializers } : {}) } });
  app.log.error({ err }, "unhandled error");
  return out;
}

const newUser = (username: string) => ({
  firstName: "Meena",
  lastName: "Iyer",
  username,
  email: `${username}@example.in`,
  passwordHash: HASH,
  phone: PHONE,
});

describe("logs never carry the values of a failed query", () => {
  it("a user insert that breaks a unique index: no password hash, no phone", async () => {
    await database.db.insert(users).values(newUser("log-dup"));
    const err = await failure(() => database.db.insert(users).values(newUser("log-dup")));
    // what the logger would otherwise write
    expect(logged(err)).toContain("SECRET-HASH-VALUE");

    const line = logged(err, LOG_SERIALIZERS);
    expect(line).not.toContain("SECRET-HASH-VALUE");
    expect(line).not.toContain(PHONE);
    expect(line).not.toContain("log-dup@example.in");
    // still enough to tell what failed and where
    expect(line).toContain("insert into");
    expect(line).toContain("23505");
    expect(line).toContain("users_username_lower_idx");
    expect(safeErrorMessage(err)).not.toContain("SECRET-HASH-VALUE");
  });

  it("a row the database refuses, whose detail repeats every column", async () => {
    const err = await failure(() =>
      database.db.execute(
        sql`insert into users (first_name, last_name, username, email, password_hash, phone)
            values (${null}, ${"Iyer"}, ${"log-null"}, ${"log-null@example.in"}, ${HASH}, ${PHONE})`,
      ),
    );
    expect(logged(err)).toContain("SECRET-HASH-VALUE");
    const line = logged(err, LOG_SERIALIZERS);
    expect(line).not.toContain("SECRET-HASH-VALUE");
    expect(line).not.toContain(PHONE);
    expect(line).toContain("23502");
  });
});
