import { asc, desc, eq, inArray } from "drizzle-orm";
import type {
  B2BPlan,
  BlogPost,
  BlogPostSummary,
  City,
  CitySummary,
  Coverage,
  Faq,
  Feature,
  Locality,
  LocalitySummary,
  Plan,
  PlanWithFeatures,
  Testimonial,
} from "../../../shared/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import {
  blogPosts,
  cities,
  coverages,
  faqs,
  localities,
  planFeatures,
  plans,
  testimonials,
} from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { stripHtml } from "../../lib/sanitize-html.ts";

const planColumns = {
  id: plans.id,
  name: plans.name,
  description: plans.description,
  price: plans.price,
  duration: plans.duration,
  type: plans.type,
  isPopular: plans.isPopular,
};

async function featuresByPlan(db: Db, planIds: number[]): Promise<Map<number, Feature[]>> {
  const byPlan = new Map<number, Feature[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select()
    .from(planFeatures)
    .where(inArray(planFeatures.planId, planIds))
    .orderBy(asc(planFeatures.sortOrder), asc(planFeatures.id));
  for (const r of rows) {
    const list = byPlan.get(r.planId) ?? [];
    list.push({ id: r.id, name: r.name, included: r.included });
    byPlan.set(r.planId, list);
  }
  return byPlan;
}

async function listPlans(db: Db, type: "B2B" | "B2C"): Promise<Plan[]> {
  return db
    .select(planColumns)
    .from(plans)
    .where(eq(plans.type, type))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
}

export async function listB2CPlans(db: Db): Promise<PlanWithFeatures[]> {
  const list = await listPlans(db, "B2C");
  const features = await featuresByPlan(
    db,
    list.map((p) => p.id),
  );
  return list.map((plan) => ({ plan, features: features.get(plan.id) ?? [] }));
}

export async function listB2BPlans(db: Db): Promise<B2BPlan[]> {
  const list = await listPlans(db, "B2B");
  const features = await featuresByPlan(
    db,
    list.map((p) => p.id),
  );
  return list.map((plan) => ({ ...plan, features: features.get(plan.id) ?? [] }));
}

export async function getPlanWithFeatures(db: Db, id: number): Promise<PlanWithFeatures | null> {
  const [plan] = await db.select(planColumns).from(plans).where(eq(plans.id, id));
  if (!plan) return null;
  const features = await featuresByPlan(db, [id]);
  return { plan, features: features.get(id) ?? [] };
}

export async function listCoverages(db: Db): Promise<Coverage[]> {
  return db
    .select({
      id: coverages.id,
      icon: coverages.icon,
      title: coverages.title,
      description: coverages.description,
    })
    .from(coverages)
    .orderBy(asc(coverages.sortOrder), asc(coverages.id));
}

export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  return db
    .select({
      id: testimonials.id,
      rating: testimonials.rating,
      comment: testimonials.comment,
      name: testimonials.name,
      company: testimonials.company,
      location: testimonials.location,
    })
    .from(testimonials)
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.id));
}

export async function listFaqs(db: Db): Promise<Faq[]> {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

const EXCERPT_LENGTH = 180;

function excerptOf(html: string): string {
  const text = stripHtml(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  return `${text.slice(0, text.lastIndexOf(" ", EXCERPT_LENGTH))}…`;
}

/** The post entities, newest first: what `GET /api/blog` answers. */
export async function listBlogPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((post) => ({ ...post, publishedAt: post.publishedAt.toISOString() }));
}

/** The posts with an excerpt instead of the body: what the site's pages list. */
export async function listBlogSummaries(db: Db): Promise<BlogPostSummary[]> {
  return (await listBlogPosts(db)).map(({ content, ...post }) => ({ ...post, excerpt: excerptOf(content) }));
}

export async function getBlogPost(db: Db, slug: string): Promise<BlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  if (!row) throw notFound("Blog post not found");
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

const citySummaryColumns = {
  id: cities.id,
  name: cities.name,
  slug: cities.slug,
  state: cities.state,
  tier: cities.tier,
};

export async function listCities(db: Db): Promise<CitySummary[]> {
  return db.select(citySummaryColumns).from(cities).orderBy(asc(cities.id));
}

export async function getCityBySlug(db: Db, slug: string): Promise<City> {
  const [row] = await db.select().from(cities).where(eq(cities.slug, slug));
  if (!row) throw notFound("City not found");
  return row;
}

export async function getCityById(db: Db, id: number): Promise<City> {
  const [row] = await db.select().from(cities).where(eq(cities.id, id));
  if (!row) throw notFound("City not found");
  return row;
}

/** sorted here, not in SQL, so the order is the same on every database collation */
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en-IN");

export async function listLocalitiesOfCity(db: Db, cityId: number): Promise<LocalitySummary[]> {
  const rows = await db
    .select({
      id: localities.id,
      name: localities.name,
      slug: localities.slug,
      pincode: localities.pincode,
      cityId: localities.cityId,
    })
    .from(localities)
    .where(eq(localities.cityId, cityId));
  return rows.sort(byName);
}

export async function getLocality(db: Db, slug: string): Promise<Locality> {
  const [row] = await db
    .select({ locality: localities, city: citySummaryColumns })
    .from(localities)
    .innerJoin(cities, eq(cities.id, localities.cityId))
    .where(eq(localities.slug, slug));
  if (!row) throw notFound("Locality not found");
  return { ...row.locality, city: row.city };
}

export async function listLocalities(db: Db): Promise<LocalitySummary[]> {
  return db
    .select({
      id: localities.id,
      name: localities.name,
      slug: localities.slug,
      pincode: localities.pincode,
      cityId: localities.cityId,
    })
    .from(localities)
    .orderBy(asc(localities.id));
}
