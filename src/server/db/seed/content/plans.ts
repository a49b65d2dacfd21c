import type { PlanContent } from "./types.ts";

/**
 * B2C plans first (Essential, Premium, Elite), then the B2B partnership plans.
 * B2C features share one list so that the plan cards compare line by line.
 */
export const plans: PlanContent[] = [
  {
    name: "Essential",
    description:
      "Five years of cover for the parts of your interiors that work hardest every day: hinges, drawer channels, wardrobe shutters and laminates. A sensible choice for a new apartment or a single-room fit-out.",
    price: 24999,
    duration: 5,
    type: "B2C",
    isPopular: false,
    // a transfer to the buyer of the home completes when the buyer accepts
    transferNeedsApproval: false,
    features: [
      { name: "Hinges, drawer channels and soft-close fittings", included: true },
      { name: "Wardrobe shutters, sliding tracks and alignment", included: true },
      { name: "Laminate and edge-band delamination", included: true },
      { name: "Transferable to the new owner when you sell your home", included: true },
      { name: "Modular kitchen carcass, shutters and baskets", included: false },
      { name: "Lofts, TV units, crockery and study units", included: false },
      { name: "Annual inspection and hardware tune-up visit", included: false },
      { name: "24-hour priority service response", included: false },
    ],
  },
  {
    name: "Premium",
    description:
      "Ten years of cover for the whole home, including the modular kitchen, lofts and storage units, with a yearly inspection visit to catch loose hinges and lifting edges early. Our most chosen plan for families moving into a newly done-up home.",
    price: 45999,
    duration: 10,
    type: "B2C",
    isPopular: true,
    features: [
      { name: "Hinges, drawer channels and soft-close fittings", included: true },
      { name: "Wardrobe shutters, sliding tracks and alignment", included: true },
      { name: "Laminate and edge-band delamination", included: true },
      { name: "Transferable to the new owner when you sell your home", included: true },
      { name: "Modular kitchen carcass, shutters and baskets", included: true },
      { name: "Lofts, TV units, crockery and study units", included: true },
      { name: "Annual inspection and hardware tune-up visit", included: true },
      { name: "24-hour priority service response", included: false },
    ],
  },
  {
    name: "Elite",
    description:
      "Everything in Premium for ten years, plus a 24-hour priority response whenever something goes wrong. Built for larger homes and villas with extensive cabinetry, veneers and premium hardware.",
    price: 79999,
    duration: 10,
    type: "B2C",
    isPopular: false,
    features: [
      { name: "Hinges, drawer channels and soft-close fittings", included: true },
      { name: "Wardrobe shutters, sliding tracks and alignment", included: true },
      { name: "Laminate and edge-band delamination", included: true },
      { name: "Transferable to the new owner when you sell your home", included: true },
      { name: "Modular kitchen carcass, shutters and baskets", included: true },
      { name: "Lofts, TV units, crockery and study units", included: true },
      { name: "Annual inspection and hardware tune-up visit", included: true },
      { name: "24-hour priority service response", included: true },
    ],
  },
  {
    name: "Standard Plan",
    description:
      "For independent interior designers and small carpentry firms that want to hand every client a branded warranty certificate. We handle the service calls; you keep the client relationship.",
    price: 4999,
    duration: null,
    type: "B2B",
    isPopular: false,
    features: [
      { name: "White-labelled warranty certificates in your brand", included: true },
      { name: "Register up to 10 projects a month", included: true },
      { name: "Partner dashboard to track registrations and claims", included: true },
      { name: "Claims handled end to end by our service team", included: true },
      { name: "Monthly invoice with 30-day payment terms", included: true },
      { name: "Dedicated account manager", included: false },
      { name: "Co-branded brochures and site banners", included: false },
      { name: "Custom coverage terms and durations", included: false },
    ],
  },
  {
    name: "Professional Plan",
    description:
      "For growing design studios, modular kitchen brands and furniture makers with a steady flow of handovers. Adds a dedicated account manager and ready-to-use marketing material for your showroom.",
    price: 9999,
    duration: null,
    type: "B2B",
    isPopular: false,
    features: [
      { name: "White-labelled warranty certificates in your brand", included: true },
      { name: "Register up to 15 projects a month", included: true },
      { name: "Partner dashboard to track registrations and claims", included: true },
      { name: "Claims handled end to end by our service team", included: true },
      { name: "Monthly invoice with 30-day payment terms", included: true },
      { name: "Dedicated account manager", included: true },
      { name: "Co-branded brochures and site banners", included: true },
      { name: "Custom coverage terms and durations", included: false },
    ],
  },
  {
    name: "Enterprise Plan",
    description:
      "For builders, contractors and multi-city interior brands handing over homes in volume. Coverage terms, durations and pricing are agreed with you, with no cap on projects.",
    price: 0,
    duration: null,
    type: "B2B",
    isPopular: false,
    features: [
      { name: "White-labelled warranty certificates in your brand", included: true },
      { name: "Unlimited project registrations", included: true },
      { name: "Partner dashboard to track registrations and claims", included: true },
      { name: "Claims handled end to end by our service team", included: true },
      { name: "Monthly invoice with 30-day payment terms", included: true },
      { name: "Dedicated account manager with quarterly reviews", included: true },
      { name: "Co-branded brochures and site banners", included: true },
      { name: "Custom coverage terms and durations", included: true },
    ],
  },
];
