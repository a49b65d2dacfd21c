import { sql } from "drizzle-orm";
import { sanitizeRichHtml } from "../../lib/sanitize-html.ts";
import type { Db } from "../client.ts";
import {
  blogPosts,
  cities,
  coverages,
  faqs,
  localities,
  planFeatures,
  plans,
  testimonials,
} from "../schema.ts";
import * as content from "./content/index.ts";

/** True when the public content is already there (a restart keeps everything). */
async function hasBaseContent(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  return row.n > 0;
}

/**
 * Seeds what the public site shows, once, into an empty database. Cities get explicit
 * ids in file order (Bengaluru 1, Chennai 5: the locality lists are fetched by those ids).
 */
export async function seedBaseContent(db: Db): Promise<boolean> {
  if (await hasBaseContent(db)) return false;
  await db.transaction(async (tx) => {
    for (const [i, p] of content.plans.entries()) {
      const [plan] = await tx
        .insert(plans)
        .values({
          name: p.name,
          description: p.description,
          price: p.price,
          duration: p.duration,
          type: p.type,
          isPopular: p.isPopular,
          transferNeedsApproval: p.transferNeedsApproval ?? true,
          sortOrder: i,
        })
        .returning({ id: plans.id });
      await tx
        .insert(planFeatures)
        .values(p.features.map((f, j) => ({ ...f, planId: plan.id, sortOrder: j })));
    }
    await tx.insert(coverages).values(content.coverages.map((c, i) => ({ ...c, sortOrder: i })));
    await tx
      .insert(testimonials)
      .values(content.testimonials.map((t, i) => ({ ...t, company: t.company ?? null, sortOrder: i })));
    await tx.insert(faqs).values(content.faqs.map((f, i) => ({ ...f, sortOrder: i })));
    await tx.insert(blogPosts).values(
      content.blogPosts.map((p) => ({
        ...p,
        content: sanitizeRichHtml(p.content),
        publishedAt: new Date(p.publishedAt),
      })),
    );
    await tx
      .insert(cities)
      .values(content.cities.map((c, i) => ({ ...c, id: i + 1, content: sanitizeRichHtml(c.content) })));
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('cities', 'id'), (select max(id) from cities))`,
    );
    const cityIds = new Map(content.cities.map((c, i) => [c.slug, i + 1]));
    await tx.insert(localities).values(
      content.localities.map((l) => {
        const cityId = cityIds.get(l.city);
        if (!cityId) throw new Error(`Locality ${l.slug} names unknown city ${l.city}`);
        return {
          name: l.name,
          slug: l.slug,
          pincode: l.pincode,
          cityId,
          content: sanitizeRichHtml(l.content),
        };
      }),
    );
  });
  return true;
}
