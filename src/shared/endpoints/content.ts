import { z } from "zod";
import {
  B2BPlanSchema,
  BlogPostSchema,
  BlogPostSummarySchema,
  CitySchema,
  CitySummarySchema,
  CoverageSchema,
  FaqSchema,
  LocalitySchema,
  LocalitySummarySchema,
  PLAN_TYPES,
  PlanWithFeaturesSchema,
  SlugParams,
  SocialLinkSchema,
  TestimonialSchema,
} from "../schemas/content.ts";
import { idSchema } from "../schemas/ids.ts";
import { defineEndpoints } from "./define.ts";

const CityIdParams = z.object({ cityId: idSchema() });

/** The public website's reads. The server answers them from cached bytes with an ETag. */
export const contentEndpoints = defineEndpoints({
  /** B2C plans come as `{plan, features}`, B2B plans flat with their features alongside */
  "GET /api/plans/:type": {
    access: "public",
    params: z.object({ type: z.enum(PLAN_TYPES, "Plan type must be B2B or B2C") }),
    response: z.union([z.array(PlanWithFeaturesSchema), z.array(B2BPlanSchema)]),
  },
  "GET /api/coverages": { access: "public", response: z.array(CoverageSchema) },
  "GET /api/testimonials": { access: "public", response: z.array(TestimonialSchema) },
  "GET /api/faqs": { access: "public", response: z.array(FaqSchema) },
  /** the post entities, newest first, `content` included (clients make their own excerpt) */
  "GET /api/blog": { access: "public", response: z.array(BlogPostSchema) },
  /** the same posts without their bodies, with a plain-text excerpt: what the site's pages list */
  "GET /api/blog/summaries": { access: "public", response: z.array(BlogPostSummarySchema) },
  "GET /api/blog/post/slug/:slug": { access: "public", params: SlugParams, response: BlogPostSchema },
  "GET /api/cities": { access: "public", response: z.array(CitySummarySchema) },
  /** the business's own social pages, from configuration; none configured: an empty list */
  "GET /api/social-links": { access: "public", response: z.array(SocialLinkSchema) },
  "GET /api/cities/id/:cityId": { access: "public", params: CityIdParams, response: CitySchema },
  "GET /api/cities/:slug": { access: "public", params: SlugParams, response: CitySchema },
  /** sorted by name */
  "GET /api/localities/city/:cityId": {
    access: "public",
    params: CityIdParams,
    response: z.array(LocalitySummarySchema),
  },
  "GET /api/localities/:slug": { access: "public", params: SlugParams, response: LocalitySchema },
});
