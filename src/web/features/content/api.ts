import type {
  B2BPlan,
  BlogPost,
  BlogPostSummary,
  City,
  CitySummary,
  Coverage,
  Faq,
  Locality,
  LocalitySummary,
  PlanWithFeatures,
  Testimonial,
} from "@shared/api-types.ts";
import { useQuery } from "@tanstack/react-query";

/**
 * The public content the pages read. Each key is the API path itself, which is also what
 * the server prefetches (see routes.tsx `data`), so first renders come from the cache.
 */
export const contentPaths = {
  b2cPlans: "/api/plans/B2C",
  b2bPlans: "/api/plans/B2B",
  coverages: "/api/coverages",
  testimonials: "/api/testimonials",
  faqs: "/api/faqs",
  blog: "/api/blog",
  blogPost: (slug: string) => `/api/blog/post/slug/${encodeURIComponent(slug)}`,
  cities: "/api/cities",
  city: (slug: string) => `/api/cities/${encodeURIComponent(slug)}`,
  locality: (slug: string) => `/api/localities/${encodeURIComponent(slug)}`,
  localitiesOfCity: (cityId: number) => `/api/localities/city/${cityId}`,
} as const;

/** Bengaluru and Chennai, whose localities every page lists (spec §2). */
export const LISTED_LOCALITY_CITIES = [
  { id: 1, name: "Bengaluru" },
  { id: 5, name: "Chennai" },
] as const;

function useContent<T>(path: string) {
  return useQuery<T>({ queryKey: [path] });
}

export const useB2CPlans = () => useContent<PlanWithFeatures[]>(contentPaths.b2cPlans);
export const useB2BPlans = () => useContent<B2BPlan[]>(contentPaths.b2bPlans);
export const useCoverages = () => useContent<Coverage[]>(contentPaths.coverages);
export const useTestimonials = () => useContent<Testimonial[]>(contentPaths.testimonials);
export const useFaqs = () => useContent<Faq[]>(contentPaths.faqs);
export const useBlogPosts = () => useContent<BlogPostSummary[]>(contentPaths.blog);
export const useBlogPost = (slug: string) => useContent<BlogPost>(contentPaths.blogPost(slug));
export const useCities = () => useContent<CitySummary[]>(contentPaths.cities);
export const useCity = (slug: string) => useContent<City>(contentPaths.city(slug));
export const useLocality = (slug: string) => useContent<Locality>(contentPaths.locality(slug));
export const useLocalitiesOfCity = (cityId: number) =>
  useContent<LocalitySummary[]>(contentPaths.localitiesOfCity(cityId));
