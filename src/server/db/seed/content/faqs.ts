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
      "Claims follow four steps. Register: your interiors are recorded against your policy, item by item, on your policy page. Report: sign in and send the claim form (Report a problem on our website, or Raise a Ticket on your dashboard): choose the policy and the item affected, describe what happened and attach photos or PDFs from your phone or computer; you can add more photos later in the ticket's replies. Assess: our team reviews the request, replies on the ticket and, where needed, proposes a technician's visit at a time you confirm. Resolve: the covered repair or replacement is carried out at no cost to you.",
  },
  {
    question: "How quickly will a technician visit?",
    answer:
      "Service visits are scheduled within 3-5 business days of your request being reported. Elite plan holders get 24-hour priority service. If a replacement part or a matching laminate shade has to be ordered, we tell you the expected date at the first visit.",
  },
  {
    question: "Can I transfer the warranty if I sell my home?",
    answer:
      "Yes. The warranty stays with the home, not with you. When you sell, open the policy in your account and choose Transfer to the buyer: give the buyer's name, e-mail address and phone, and we e-mail them a link that works for 14 days. The buyer accepts with an account in that e-mail address, and the remaining years of cover move to them at no extra charge, with the same policy number and end date and a certificate in their name. Essential policies move as soon as the buyer accepts; Premium and Elite transfers are checked by our team first, usually within one working day. A transferable warranty is also a useful point to mention when you list the property.",
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
      "Renew it yourself online: from 60 days before your plan ends, a Renew button appears on your policy page and your dashboard, and we e-mail you a reminder 60, 30 and 7 days before the end date. Choose the same plan or upgrade to a higher one, add your GSTIN if you want it on the invoice, and send the request; we then call you to take the payment, and the new term starts the day after the current one ends. A plan that has lapsed can still be renewed with the same button, but an inspection visit is needed first and the 30-day waiting period for existing interiors applies.",
  },
];
