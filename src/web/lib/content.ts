import { useQuery } from "@tanstack/react-query";
import { apiQuery } from "@web/lib/api.ts";
import { b2bPlansQuery, b2cPlansQuery } from "@web/lib/plans.ts";

/**
 * The public content the pages read. routes.tsx names the same reads for the server to
 * prefetch, so first renders come from the cache.
 */
export const contentReads = {
  b2cPlans: b2cPlansQuery,
  b2bPlans: b2bPlansQuery,
  coverages: () => apiQuery("GET /api/coverages"),
  testimonials: () => apiQuery("GET /api/testimonials"),
  faqs: () => apiQuery("GET /api/faqs"),
  /** the posts with excerpts, without their bodies */
  blog: () => apiQuery("GET /api/blog/summaries"),
  blogPost: (slug: string) => apiQuery("GET /api/blog/post/slug/:slug", { params: { slug } }),
  cities: () => apiQuery("GET /api/cities"),
  /** the business's own social pages, as configured (the footer shows them on every page) */
  socialLinks: () => apiQuery("GET /api/social-links"),
  city: (slug: string) => apiQuery("GET /api/cities/:slug", { params: { slug } }),
  locality: (slug: string) => apiQuery("GET /api/localities/:slug", { params: { slug } }),
  localitiesOfCity: (cityId: number) => apiQuery("GET /api/localities/city/:cityId", { params: { cityId } }),
};

/** Bengaluru and Chennai, whose localities every page lists. */
export const LISTED_LOCALITY_CITIES = [
  { id: 1, name: "Bengaluru" },
  { id: 5, name: "Chennai" },
] as const;

export const useB2CPlans = () => useQuery(contentReads.b2cPlans());
export const useB2BPlans = () => useQuery(contentReads.b2bPlans());
export const useCoverages = () => useQuery(contentReads.coverages());
export const useTestimonials = () => useQuery(contentReads.testimonials());
export const useFaqs = () => useQuery(contentReads.faqs());
export const useBlogPosts = () => useQuery(contentReads.blog());
export const useBlogPost = (slug: string) => useQuery(contentReads.blogPost(slug));
export const useCities = () => useQuery(contentReads.cities());
export const useSocialLinks = () => useQuery(contentReads.socialLinks()).data ?? [];
export const useCity = (slug: string) => useQuery(contentReads.city(slug));
export const useLocality = (slug: string) => useQuery(contentReads.locality(slug));
export const useLocalitiesOfCity = (cityId: number) => useQuery(contentReads.localitiesOfCity(cityId));
