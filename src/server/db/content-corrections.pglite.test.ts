import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CONTENT_BEFORE_0031 } from "../../../tests/support/content-before-0031.ts";
import { tempDirsForThisFile } from "../../../tests/support/temp-dirs.ts";
import { buildTestApp } from "../../../tests/support/test-app.ts";
import type { BlogPost, City, Faq } from "../../shared/schemas/content.ts";
import { createPglite, type Database, migrationsFolder, openDatabase } from "./client.ts";
import { seedBaseContent } from "./seed/base-content.ts";

const tempDir = tempDirsForThisFile();
const CORRECTION = "0031_content_says_what_the_product_does";
const COLUMN = { faqs: "answer", blog_posts: "content", cities: "content" } as const;
const KEY = { faqs: "question", blog_posts: "slug", cities: "slug" } as const;
const TRANSFER_POST = "transferring-your-interior-warranty-when-you-sell";

let database: Database;
let today: Awaited<ReturnType<typeof contentRows>>;
afterAll(() => database?.close());

/** every row of the three content tables, in a fixed order */
async function contentRows(db: Database) {
  const client = db.pglite;
  if (!client) throw new Error("PGlite only");
  const rows = async (sql: string) => (await client.query(sql)).rows;
  return {
    faqs: await rows("select * from faqs order by id"),
    blogPosts: await rows("select * from blog_posts order by id"),
    cities: await rows("select * from cities order by id"),
  };
}

/**
 * A site that went live before the content was corrected: migrated up to the migration before
 * 0031 (and none after it), seeded, and so storing the old passages.
 */
beforeAll(async () => {
  const earlier = tempDir("migrations");
  cpSync(migrationsFolder, earlier, { recursive: true });
  const journalFile = path.join(earlier, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  if (!journal.entries.some((e) => e.tag === CORRECTION)) throw new Error(`${CORRECTION} not in the journal`);
  // the site as it was before 0031: that migration and every later one not yet applied
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === CORRECTION),
  );
  writeFileSync(journalFile, JSON.stringify(journal));

  const client = await createPglite();
  await migrate(drizzle(client), { migrationsFolder: earlier });
  database = await openDatabase({ pglite: client });
  await seedBaseContent(database.db);
  // the seed writes today's text: what a new site stores, and what an old one must end with
  today = await contentRows(database);

  for (const row of CONTENT_BEFORE_0031) {
    const column = COLUMN[row.table];
    const res = await client.query(
      `update ${row.table} set ${column} = replace(${column}, $1, $2)
        where ${KEY[row.table]} = $3 and position($1 in ${column}) > 0`,
      [row.after, row.before, row.key],
    );
    if (res.affectedRows !== 1) throw new Error(`${row.table} ${row.key}: passage not found`);
  }
});

/**
 * Updating that site must show every visitor what a site seeded today shows, and leave every
 * other row and column as it was.
 */
it("a running site seeded with the old content shows the corrected FAQ, blog posts and city pages after migrating", async () => {
  // the old site's rows say what the product does not do
  const old = await contentRows(database);
  const oldText = JSON.stringify(old);
  expect(oldText).toContain("through the chat assistant or by phone");
  expect(oldText).toContain("Share the buyer's details.");
  expect(oldText).toContain("We contact you before your plan ends with renewal options");

  // what the server does on its next start
  await database.migrate();

  expect(await contentRows(database)).toEqual(today);
  // what a visitor reads from the server started on it
  const app = await buildTestApp(database);
  const read = async <T>(url: string) => (await app.inject({ method: "GET", url })).json<T>();
  const faqs = await read<Faq[]>("/api/faqs");
  const after = {
    claimAnswer: faqs.find((f) => f.question === "How do I make a claim?")?.answer,
    mumbai: (await read<City>("/api/cities/mumbai")).content,
    transferPost: (await read<BlogPost>(`/api/blog/post/slug/${TRANSFER_POST}`)).content,
  };
  await app.close();
  expect(after.claimAnswer).toContain("sign in and send the claim form");
  expect(after.claimAnswer).not.toMatch(/chat/i);
  expect(after.mumbai).toContain("Raise a request online from your account, with photos");
  expect(after.mumbai).not.toMatch(/chat/i);
  expect(after.transferPost).toContain("choose <em>Transfer to the buyer</em>");
  expect(after.transferPost).not.toContain("Share the buyer's details.");
  // a migration run and a server start: longer than the default on a machine shared by many tests
}, 60_000);
