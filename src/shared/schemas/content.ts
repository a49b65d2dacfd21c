import { z } from "zod";
import { isoDateTime } from "./ids.ts";

/** What the public website reads: plans, coverages, testimonials, FAQs, blog, cities and localities. */

export const FeatureSchema = z.object({ id: z.number().int(), name: z.string(), included: z.boolean() });
export type Feature = z.infer<typeof FeatureSchema>;

export const PLAN_TYPES = ["B2B", "B2C"] as const;

export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** whole rupees; a B2B price of 0 means custom pricing */
  price: z.number().int(),
  /** years of cover (B2C) */
  duration: z.number().int().nullable(),
  type: z.enum(PLAN_TYPES),
  isPopular: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** B2C plans travel as `{plan, features}` */
export const PlanWithFeaturesSchema = z.object({ plan: PlanSchema, features: z.array(FeatureSchema) });
export type PlanWithFeatures = z.infer<typeof PlanWithFeaturesSchema>;

/** B2B plans travel flat, features alongside */
export const B2BPlanSchema = PlanSchema.extend({ features: z.array(FeatureSchema) });
export type B2BPlan = z.infer<typeof B2BPlanSchema>;

export const CoverageSchema = z.object({
  id: z.number().int(),
  /** a lucide icon name */
  icon: z.string(),
  title: z.string(),
  description: z.string(),
});
export type Coverage = z.infer<typeof CoverageSchema>;

export const TestimonialSchema = z.object({
  id: z.number().int(),
  /** half stars allowed */
  rating: z.number(),
  comment: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  location: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const FaqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof FaqSchema>;

const blogPostFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  coverImage: z.string(),
  author: z.string(),
  publishedAt: isoDateTime,
};

/** A blog post entity: `content` is sanitized HTML. */
export const BlogPostSchema = z.object({ ...blogPostFields, content: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A post as the site's lists show it: a plain-text excerpt instead of the body, to keep pages light. */
export const BlogPostSummarySchema = z.object({ ...blogPostFields, excerpt: z.string() });
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const CitySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  state: z.string(),
  /** tier1 = a major city */
  tier: z.string(),
});
export type CitySummary = z.infer<typeof CitySummarySchema>;

export const CitySchema = CitySummarySchema.extend({ content: z.string() });
export type City = z.infer<typeof CitySchema>;

export const LocalitySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  pincode: z.string(),
  cityId: z.number().int(),
});
export type LocalitySummary = z.infer<typeof LocalitySummarySchema>;

export const LocalitySchema = LocalitySummarySchema.extend({ content: z.string(), city: CitySummarySchema });
export type Locality = z.infer<typeof LocalitySchema>;

/** a page address segment: lowercase letters, digits and hyphens */
export const SlugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,120}$/, "Invalid slug") });

/** the networks the site can link the business's own pages on (their marks are drawn in social-icons.tsx) */
export const SOCIAL_NETWORKS = ["Facebook", "X", "Instagram", "LinkedIn"] as const;
export const SocialLinkSchema = z.object({ name: z.enum(SOCIAL_NETWORKS), href: z.string() });
export type SocialLink = z.infer<typeof SocialLinkSchema>;
