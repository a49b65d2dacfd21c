import type { FastifyInstance } from "fastify";
import type { EndpointName } from "../../../shared/endpoints/index.ts";
import type { Db } from "../../db/client.ts";
import { type Answer, type EndpointRequest, route, serializeAnswer } from "../../lib/endpoint.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import * as content from "./content.service.ts";

/** Public reads: every answer is cached bytes with an ETag and no cookie. */
export async function contentRoutes(app: FastifyInstance, { db, cache }: { db: Db; cache: PublicCache }) {
  /**
   * an endpoint whose answer is read and serialized once per cache period, under `cacheKey`
   * (a fixed name for a read without params, else made from the request's params)
   */
  const cached = <K extends EndpointName>(
    key: K,
    cacheKey: string | ((req: EndpointRequest<K>) => string),
    load: (req: EndpointRequest<K>) => Promise<Answer<K>>,
  ) =>
    route(app, key, (req, reply) =>
      cache.send(req, reply, typeof cacheKey === "string" ? cacheKey : cacheKey(req), async () =>
        serializeAnswer(reply, key, await load(req)),
      ),
    );

  cached(
    "GET /api/plans/:type",
    (req) => `plans:${req.params.type}`,
    (req) => (req.params.type === "B2C" ? content.listB2CPlans(db) : content.listB2BPlans(db)),
  );
  cached("GET /api/coverages", "coverages", () => content.listCoverages(db));
  cached("GET /api/testimonials", "testimonials", () => content.listTestimonials(db));
  cached("GET /api/faqs", "faqs", () => content.listFaqs(db));
  cached("GET /api/blog", "blog:list", () => content.listBlogPosts(db));
  cached("GET /api/blog/summaries", "blog:summaries", () => content.listBlogSummaries(db));
  cached(
    "GET /api/blog/post/slug/:slug",
    (req) => `blog:${req.params.slug}`,
    (req) => content.getBlogPost(db, req.params.slug),
  );
  cached("GET /api/cities", "cities:list", () => content.listCities(db));
  cached(
    "GET /api/cities/id/:cityId",
    (req) => `cities:id:${req.params.cityId}`,
    (req) => content.getCityById(db, req.params.cityId),
  );
  cached(
    "GET /api/cities/:slug",
    (req) => `cities:${req.params.slug}`,
    (req) => content.getCityBySlug(db, req.params.slug),
  );
  cached(
    "GET /api/localities/city/:cityId",
    (req) => `localities:city:${req.params.cityId}`,
    (req) => content.listLocalitiesOfCity(db, req.params.cityId),
  );
  cached(
    "GET /api/localities/:slug",
    (req) => `localities:${req.params.slug}`,
    (req) => content.getLocality(db, req.params.slug),
  );
}
