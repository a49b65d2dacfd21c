import type { B2BPlan, BlogPost, PlanWithFeatures, SocialLink } from "@shared/schemas/content.ts";
import { COMPANY } from "@web/lib/company.ts";
import { SITE_NAME } from "@web/lib/head.tsx";

/**
 * schema.org structured data. Addresses are written as paths ("/b2c"); the server renderer
 * turns every url, item, image and @id that starts with "/" into an absolute URL.
 */

const postalAddress = {
  "@type": "PostalAddress",
  streetAddress: `${COMPANY.address.street}, ${COMPANY.address.locality}`,
  addressLocality: COMPANY.address.city,
  addressRegion: COMPANY.address.state,
  postalCode: COMPANY.address.pincode,
  addressCountry: COMPANY.address.country,
};

/** `social`: the business's own pages, when configured, which search engines tie to it */
export function organizationLd(social: SocialLink[]) {
  return {
    "@context": "https://schema.org",
    "@type": ["Organization", "LocalBusiness"],
    "@id": "/#organization",
    name: SITE_NAME,
    url: "/",
    logo: "/favicon.svg",
    image: "/og-image.png",
    description:
      "Warranties of up to 10 years on home interiors (hinges, wardrobes, laminates and modular kitchens) for homeowners and interior businesses across India.",
    telephone: COMPANY.phones[0],
    email: COMPANY.emails[0],
    address: postalAddress,
    areaServed: { "@type": "Country", name: "India" },
    priceRange: "₹₹",
    openingHoursSpecification: [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: "Saturday", opens: "09:00", closes: "16:00" },
    ],
    ...(social.length > 0 ? { sameAs: social.map((s) => s.href) } : {}),
  };
}

export function faqPageLd(items: { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: q.answer },
    })),
  };
}

const seller = { "@type": "Organization", name: SITE_NAME, "@id": "/#organization" };

export function b2cPlansLd(plans: PlanWithFeatures[], pagePath: string) {
  return plans.map(({ plan, features }) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${plan.name} Home Interior Warranty`,
    description: plan.description,
    category: "Home interior warranty",
    brand: { "@type": "Brand", name: SITE_NAME },
    additionalProperty: features
      .filter((f) => f.included)
      .map((f) => ({ "@type": "PropertyValue", name: "Covers", value: f.name })),
    offers: {
      "@type": "Offer",
      price: plan.price,
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      url: pagePath,
      seller,
      eligibleDuration: plan.duration
        ? { "@type": "QuantitativeValue", value: plan.duration, unitCode: "ANN" }
        : undefined,
    },
  }));
}

export function b2bPlansLd(plans: B2BPlan[]) {
  return plans.map((plan) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    name: `${plan.name}: warranty partnership`,
    description: plan.description,
    category: "White-label warranty partnership",
    brand: { "@type": "Brand", name: SITE_NAME },
    offers:
      plan.price > 0
        ? {
            "@type": "Offer",
            price: plan.price,
            priceCurrency: "INR",
            url: "/b2b",
            seller,
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: plan.price,
              priceCurrency: "INR",
              unitCode: "MON",
            },
          }
        : { "@type": "Offer", priceCurrency: "INR", url: "/contact", seller, description: "Custom Pricing" },
  }));
}

export function blogPostingLd(post: BlogPost, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.summary,
    image: post.coverImage,
    datePublished: post.publishedAt,
    author: { "@type": "Person", name: post.author.split(",")[0] },
    publisher: {
      "@type": "Organization",
      name: SITE_NAME,
      logo: { "@type": "ImageObject", url: "/favicon.svg" },
    },
    articleSection: post.category,
    mainEntityOfPage: { "@type": "WebPage", "@id": path },
    url: path,
  };
}

export function breadcrumbLd(trail: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: t.name,
      item: t.path,
    })),
  };
}
