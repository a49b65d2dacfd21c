import type { TestimonialContent } from "./types.ts";

export const testimonials: TestimonialContent[] = [
  {
    rating: 5,
    comment:
      "Two years after our flat was done up, the soft-close hinges on the kitchen shutters started sagging in the monsoon. I raised a request on a Monday, the technician came on Thursday and replaced eleven hinges. We did not pay a rupee.",
    name: "Lakshmi Venkatesan",
    location: "Anna Nagar, Chennai",
  },
  {
    rating: 4.5,
    comment:
      "Our wardrobe sliding door had dropped off its track and the original carpenter was not answering calls. The team assessed it from the photos, sent the right rollers along with the technician and fixed it in one visit.",
    name: "Arjun Menon",
    location: "Whitefield, Bengaluru",
  },
  {
    rating: 5,
    comment:
      "We hand every client a warranty certificate with our studio's name on it, and the service calls no longer come to my phone at ten in the night. It has made closing new projects noticeably easier.",
    name: "Divya Raghunathan",
    company: "Kolam Interiors Studio",
    location: "Adyar, Chennai",
  },
  {
    rating: 4,
    comment:
      "Laminate on two drawer fronts in the kids' room started lifting at the edges. They re-pressed one and replaced the other shutter. It took a week because the laminate shade had to be matched, but they kept me informed throughout.",
    name: "Mohammed Irfan",
    location: "Gachibowli, Hyderabad",
  },
  {
    rating: 5,
    comment:
      "We build around forty modular kitchens a year. Offering a ten-year warranty backed by a separate service team has helped us compete with the big brands, and the monthly invoice is simple for our accounts team.",
    name: "Senthil Kumar",
    company: "SK Modular Kitchens",
    location: "Saravanampatti, Coimbatore",
  },
  {
    rating: 4.5,
    comment:
      "When we sold our apartment, the remaining seven years of the Premium plan moved to the buyer's name with a simple form. The buyer told us it was one of the reasons they did not haggle over the interiors.",
    name: "Neha Kulkarni",
    location: "Baner, Pune",
  },
];
