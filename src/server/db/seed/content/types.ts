/**
 * Shapes of the base content kept in the repository. The seeder inserts these in
 * array order, so the order of `cities` fixes their ids (Bengaluru 1, Chennai 5).
 */
type CityTier = "tier1" | "tier2" | "tier3";

export interface CityContent {
  name: string;
  /** lowercased name, spaces as hyphens; URL-safe */
  slug: string;
  state: string;
  tier: CityTier;
  /** HTML body of the city page (sanitized again when written) */
  content: string;
}

export interface LocalityContent {
  name: string;
  slug: string;
  /** six-digit Indian PIN code */
  pincode: string;
  /** slug of the parent city */
  city: string;
  /** HTML; may be empty, the page then shows a default text */
  content: string;
}

export interface BlogPostContent {
  slug: string;
  title: string;
  summary: string;
  /** HTML body */
  content: string;
  category: string;
  /** path of an image served from /images/... */
  coverImage: string;
  author: string;
  /** ISO date, e.g. 2026-03-14 */
  publishedAt: string;
}

interface PlanFeatureContent {
  name: string;
  included: boolean;
}

export interface PlanContent {
  name: string;
  description: string;
  /** whole rupees; for B2B 0 means custom pricing */
  price: number;
  /** years of cover (B2C); null for B2B */
  duration: number | null;
  type: "B2B" | "B2C";
  isPopular: boolean;
  /** staff approve a transfer of its policies to a home's buyer (true when absent) */
  transferNeedsApproval?: boolean;
  features: PlanFeatureContent[];
}

export interface CoverageContent {
  /** lucide icon name in kebab-case, e.g. "door-open" */
  icon: string;
  title: string;
  description: string;
}

export interface TestimonialContent {
  /** 1 to 5, half stars allowed */
  rating: number;
  comment: string;
  name: string;
  company?: string;
  location: string;
}

export interface FaqContent {
  question: string;
  answer: string;
}
