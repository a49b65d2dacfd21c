import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import * as content from "./content.service.ts";

const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, "Invalid slug") });
const idParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive().max(2_147_483_647) });

/** Public reads: every answer is cached bytes with an ETag and no cookie. */
export async function contentRoutes(app: FastifyInstance, { db, cache }: { db: Db; cache: PublicCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { access: "public" } as const;

  r.get(
    "/api/plans/:type",
    {
      config: pub,
      schema: { params: z.object({ type: z.enum(["B2B", "B2C"], "Plan type must be B2B or B2C") }) },
    },
    (req, reply) =>
      cache.send(req, reply, `plans:${req.params.type}`, () =>
        req.params.type === "B2C" ? content.listB2CPlans(db) : content.listB2BPlans(db),
      ),
  );
  r.get("/api/coverages", { config: pub }, (req, reply) =>
    cache.send(req, reply, "coverages", () => content.listCoverages(db)),
  );
  r.get("/api/testimonials", { config: pub }, (req, reply) =>
    cache.send(req, reply, "testimonials", () => content.listTestimonials(db)),
  );
  r.get("/api/faqs", { config: pub }, (req, reply) =>
    cache.send(req, reply, "faqs", () => content.listFaqs(db)),
  );
  r.get("/api/blog", { config: pub }, (req, reply) =>
    cache.send(req, reply, "blog:list", () => content.listBlogPosts(db)),
  );
  r.get("/api/blog/post/slug/:slug", { config: pub, schema: { params: slugParam } }, (req, reply) =>
    cache.send(req, reply, `blog:${req.params.slug}`, () => content.getBlogPost(db, req.params.slug)),
  );
  r.get("/api/cities", { config: pub }, (req, reply) =>
    cache.send(req, reply, "cities:list", () => content.listCities(db)),
  );
  r.get("/api/cities/id/:cityId", { config: pub, schema: { params: idParam("cityId") } }, (req, reply) =>
    cache.send(req, reply, `cities:id:${req.params.cityId}`, () =>
      content.getCityById(db, Number(req.params.cityId)),
    ),
  );
  r.get("/api/cities/:slug", { config: pub, schema: { params: slugParam } }, (req, reply) =>
    cache.send(req, reply, `cities:${req.params.slug}`, () => content.getCityBySlug(db, req.params.slug)),
  );
  r.get(
    "/api/localities/city/:cityId",
    { config: pub, schema: { params: idParam("cityId") } },
    (req, reply) =>
      cache.send(req, reply, `localities:city:${req.params.cityId}`, () =>
        content.listLocalitiesOfCity(db, Number(req.params.cityId)),
      ),
  );
  r.get("/api/localities/:slug", { config: pub, schema: { params: slugParam } }, (req, reply) =>
    cache.send(req, reply, `localities:${req.params.slug}`, () => content.getLocality(db, req.params.slug)),
  );
}
