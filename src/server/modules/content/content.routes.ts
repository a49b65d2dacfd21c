import type { FastifyInstance } from "fastify";
import type { EndpointName } from "../../../shared/endpoints/index.ts";
import type { SocialLink } from "../../../shared/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { type Answer, type EndpointRequest, route, serializeAnswer } from "../../lib/endpoint.ts";
import type { PublicCache } from "../../lib/public-cache.ts";
import * as content from "./content.service.ts";

/**
 * Public reads: every answer is cached bytes with an ETag and no cookie. Once an address
 * has answered, the security hook answers it again from the cache (`answerEarly`, wired in
 * app.ts) until the entry goes stale; these handlers then run once a minute per address.
 */
export async function contentRoutes(
  app: FastifyInstance,
  { db, cache, social }: { db: Db; cache: PublicCache; social: SocialLink[] },
) {
  /**
   * an endpoint whose answer is read and serialized once per cache period. Its cache entry is
   * named by the endpoint and the request's params (already checked against the endpoint's
   * schema), so "/api/cities/chennai" and "/api/cities/madurai" are two entries and a query
   * string never makes a new one.
   */
  const cached = <K extends EndpointName>(key: K, load: (req: EndpointRequest<K>) => Promise<Answer<K>>) => {
    // worked out once here, not on every request: a read without params is one entry
    const entry: (req: EndpointRequest<K>) => string = key.includes("/:")
      ? (req) => `${key} ${Object.values(req.params as Record<string, unknown>).join(" ")}`
      : () => key;
    route(app, key, async (req, reply) => {
      const name = entry(req);
      const answer = await cache.get(name, async () => serializeAnswer(reply, key, await load(req)));
      // the next GET of this address is answered before routing, while the entry is fresh
      cache.remember(req.url, name);
      return cache.reply(req, reply, answer);
    });
  };

  cached("GET /api/plans/:type", (req) =>
    req.params.type === "B2C" ? content.listB2CPlans(db) : content.listB2BPlans(db),
  );
  cached("GET /api/coverages", () => content.listCoverages(db));
  cached("GET /api/testimonials", () => content.listTestimonials(db));
  cached("GET /api/faqs", () => content.listFaqs(db));
  cached("GET /api/blog", () => content.listBlogPosts(db));
  cached("GET /api/blog/summaries", () => content.listBlogSummaries(db));
  cached("GET /api/blog/post/slug/:slug", (req) => content.getBlogPost(db, req.params.slug));
  cached("GET /api/cities", () => content.listCities(db));
  cached("GET /api/social-links", async () => social);
  cached("GET /api/cities/id/:cityId", (req) => content.getCityById(db, req.params.cityId));
  cached("GET /api/cities/:slug", (req) => content.getCityBySlug(db, req.params.slug));
  cached("GET /api/localities/city/:cityId", (req) => content.listLocalitiesOfCity(db, req.params.cityId));
  cached("GET /api/localities/:slug", (req) => content.getLocality(db, req.params.slug));
}
