import type { FaqContent } from "./types.ts";

export const faqs: FaqContent[] = [
  {
    question: "What does the warranty cover?",
    answer:
      "It covers defects in your fitted interiors that appear under normal household use: hinges and drawer channels, wardrobe shutters and sliding tracks, laminate and veneer delamination, edge banding, handles and hardware, and installation or workmanship faults. Premium and Elite plans add the modular kitchen, lofts, TV units and other storage units. Covered repairs, parts and labour cost you nothing.",
  },
  {
    question: "Is there a waiting period before I can make a claim?",
    answer:
      "Only for existing interiors. If you register interiors that are already installed and in use, cover for claims begins 30 days after registration. Interiors registered at the time of installation, for example through your interior designer or contractor, are covered from the first day.",
  },
  {
    question: "How do I make a claim?",
    answer:
      "Claims follow four steps. Register: your interiors are recorded against your policy. Report: raise a service request from your dashboard, through the chat assistant or by phone, with a short description and a few photos. Assess: our team reviews the request and, where needed, a technician inspects the problem at your home. Resolve: the covered repair or replacement is carried out at no cost to you.",
  },
  {
    question: "How quickly will a technician visit?",
    answer:
      "Service visits are scheduled within 3-5 business days of your request being reported. Elite plan holders get 24-hour priority service. If a replacement part or a matching laminate shade has to be ordered, we tell you the expected date at the first visit.",
  },
  {
    question: "Can I transfer the warranty if I sell my home?",
    answer:
      "Yes. The warranty stays with the home, not with you. When you sell, tell us the buyer's name and contact details and the remaining years of cover move to them at no extra charge. A transferable warranty is also a useful point to mention when you list the property.",
  },
  {
    question: "I am an interior designer or contractor. Can I offer this warranty under my own brand?",
    answer:
      "Yes. Our B2B partnership plans let interior designers, furniture makers and contractors issue white-labelled warranty certificates in their own brand, while our service team handles the claims. Plans are billed monthly with 30-day invoice terms, and larger partners can ask for custom pricing.",
  },
  {
    question: "What is not covered?",
    answer:
      "The warranty does not cover damage from misuse or accidents, water damage from plumbing leaks, seepage or flooding, termite and pest damage, fire, changes or repairs made by someone other than our technicians, and normal wear such as scratches, stains and fading of finishes. Loose furniture and appliances are also outside the cover.",
  },
  {
    question: "How do I renew my plan?",
    answer:
      "We contact you before your plan ends with renewal options; you can also call us or send an enquiry through the contact form. An Essential plan can be renewed for a further term or upgraded to Premium or Elite, and we confirm the term available based on the age of your interiors. If a plan has lapsed, an inspection visit is needed first and the 30-day waiting period for existing interiors applies.",
  },
];
