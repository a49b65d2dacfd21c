export { blogPosts } from "./blog-posts.ts";
export { cities } from "./cities.ts";
export { coverages } from "./coverages.ts";
export { faqs } from "./faqs.ts";
export { localities } from "./localities.ts";
export { plans } from "./plans.ts";
export { testimonials } from "./testimonials.ts";
export type * from "./types.ts";
