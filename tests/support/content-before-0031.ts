/**
 * What a site seeded before migration 0031 stores in the rows that migration corrects: for
 * each FAQ (by question) and page (by slug), the passage as it was and the passage the seed
 * now writes in its place. Tests rebuild the old rows from these to show 0031 brings them up
 * to date.
 */
export interface ContentBefore0031 {
  table: "faqs" | "blog_posts" | "cities";
  /** the question of an FAQ, the slug of a blog post or city page */
  key: string;
  before: string;
  after: string;
}

export const CONTENT_BEFORE_0031: ContentBefore0031[] = [
  {
    table: "faqs",
    key: "How do I make a claim?",
    before:
      "Claims follow four steps. Register: your interiors are recorded against your policy. Report: raise a service request from your dashboard, through the chat assistant or by phone, with a short description and a few photos. Assess: our team reviews the request and, where needed, a technician inspects the problem at your home. Resolve: the covered repair or replacement is carried out at no cost to you.",
    after:
      "Claims follow four steps. Register: your interiors are recorded against your policy, item by item, on your policy page. Report: sign in and send the claim form (Report a problem on our website, or Raise a Ticket on your dashboard): choose the policy and the item affected, describe what happened and attach photos or PDFs from your phone or computer; you can add more photos later in the ticket's replies. Assess: our team reviews the request, replies on the ticket and, where needed, proposes a technician's visit at a time you confirm. Resolve: the covered repair or replacement is carried out at no cost to you.",
  },
  {
    table: "faqs",
    key: "Can I transfer the warranty if I sell my home?",
    before:
      "Yes. The warranty stays with the home, not with you. When you sell, tell us the buyer's name and contact details and the remaining years of cover move to them at no extra charge. A transferable warranty is also a useful point to mention when you list the property.",
    after:
      "Yes. The warranty stays with the home, not with you. When you sell, open the policy in your account and choose Transfer to the buyer: give the buyer's name, e-mail address and phone, and we e-mail them a link that works for 14 days. The buyer accepts with an account in that e-mail address, and the remaining years of cover move to them at no extra charge, with the same policy number and end date and a certificate in their name. Essential policies move as soon as the buyer accepts; Premium and Elite transfers are checked by our team first, usually within one working day. A transferable warranty is also a useful point to mention when you list the property.",
  },
  {
    table: "faqs",
    key: "How do I renew my plan?",
    before:
      "We contact you before your plan ends with renewal options; you can also call us or send an enquiry through the contact form. An Essential plan can be renewed for a further term or upgraded to Premium or Elite, and we confirm the term available based on the age of your interiors. If a plan has lapsed, an inspection visit is needed first and the 30-day waiting period for existing interiors applies.",
    after:
      "Renew it yourself online: from 60 days before your plan ends, a Renew button appears on your policy page and your dashboard, and we e-mail you a reminder 60, 30 and 7 days before the end date. Choose the same plan or upgrade to a higher one, add your GSTIN if you want it on the invoice, and send the request; we then call you to take the payment, and the new term starts the day after the current one ends. A plan that has lapsed can still be renewed with the same button, but an inspection visit is needed first and the 30-day waiting period for existing interiors applies.",
  },
  {
    table: "blog_posts",
    key: "caring-for-soft-close-hinges-and-drawer-channels",
    before:
      '<p>A cracked hinge arm, a damper leaking oil, ball bearings falling out of a channel or a drawer that has dropped off its runners all need a replacement part, not an adjustment. If your home is covered, <a href="/contact">raise a service request</a> rather than forcing it: covered hinges and channels are replaced at no cost to you. If you do not have a plan yet, all three of our <a href="/b2c">homeowner plans</a> cover hinges, channels and soft-close fittings.</p>',
    after:
      '<p>A cracked hinge arm, a damper leaking oil, ball bearings falling out of a channel or a drawer that has dropped off its runners all need a replacement part, not an adjustment. If your home is covered, <a href="/tickets/new">raise a service request</a> from your account rather than forcing it: covered hinges and channels are replaced at no cost to you. If you do not have a plan yet, all three of our <a href="/b2c">homeowner plans</a> cover hinges, channels and soft-close fittings.</p>',
  },
  {
    table: "blog_posts",
    key: "register-report-assess-resolve-how-claims-work",
    before:
      "<p>When something goes wrong, raise a service request. Signed-in customers can do this from their dashboard by choosing the policy and describing the problem; you can also use the chat assistant on our website or call our support desk. A good request includes:</p>",
    after:
      '<p>When something goes wrong, raise a service request. Sign in and send the claim form (<a href="/tickets/new">Report a problem</a> on our website, or Raise a Ticket on your dashboard): choose the policy and the item affected, describe the problem and attach your photographs to it. If you need a hand with the form, call our support desk. A good request includes:</p>',
  },
  {
    table: "blog_posts",
    key: "transferring-your-interior-warranty-when-you-sell",
    before:
      "<li><strong>Tell us about the sale.</strong> Contact our support team with your policy number once the sale agreement is signed.</li>\n<li><strong>Share the buyer's details.</strong> We need the new owner's name, phone number and e-mail address.</li>\n<li><strong>Close any open requests.</strong> If you have a service request in progress, we complete it before the transfer so that the buyer starts with everything in order.</li>\n<li><strong>The buyer receives the policy.</strong> We send the new owner the policy details and explain how to raise service requests.</li>\n</ol>\n<p>The transfer does not restart the policy or add a waiting period. Cover continues without a break.</p>\n<h2>Before you list the home</h2>\n<ul>\n<li>If you are on a Premium or Elite plan and your annual inspection is due, book it before the first viewings. Loose hinges and misaligned shutters are exactly what buyers notice.</li>\n<li>Mention the warranty in your listing and tell your broker. \"Ten-year transferable warranty on the kitchen and wardrobes\" is a concrete selling point.</li>\n<li>Keep a copy of the policy document and the original interiors invoice ready for the buyer's questions.</li>\n</ul>\n<blockquote>Buyers tend to ask for a discount on anything they are unsure about. A warranty that covers the interiors takes one of those questions off the table.</blockquote>\n<h2>If you are renting the home out instead</h2>\n<p>The cover continues as usual while the home is let. You can raise service requests on your tenants' behalf, or give them your policy number so that they can call our support desk. Remember that damage caused by misuse is not covered, whoever lives in the home, so it is worth walking your tenant through the basics of caring for hinges and channels.</p>",
    after:
      "<li><strong>Start the transfer from your policy page.</strong> Once the sale agreement is signed, sign in, open the policy and choose <em>Transfer to the buyer</em>.</li>\n<li><strong>Enter the buyer's details.</strong> The new owner's name, e-mail address and phone number. We e-mail them a link that works for 14 days, and you can cancel the transfer until they accept it.</li>\n<li><strong>The buyer accepts.</strong> They sign in, or create an account, with that e-mail address and accept the warranty. Essential policies move at once; for Premium and Elite our team checks the transfer first, usually within one working day, and you are both e-mailed at each step.</li>\n<li><strong>The buyer holds the policy.</strong> It keeps its number and end date, the record of the home's interiors goes with it, and the certificate is issued again in the buyer's name. Your past service requests stay in your account for you to read.</li>\n</ol>\n<p>The transfer does not restart the policy or add a waiting period. Cover continues without a break.</p>\n<h2>Before you list the home</h2>\n<ul>\n<li>If you are on a Premium or Elite plan and your annual inspection is due, book it before the first viewings. Loose hinges and misaligned shutters are exactly what buyers notice.</li>\n<li>Mention the warranty in your listing and tell your broker. \"Ten-year transferable warranty on the kitchen and wardrobes\" is a concrete selling point.</li>\n<li>Download the policy certificate (PDF) from your policy page and keep the original interiors invoice ready for the buyer's questions. A buyer or their bank can check the certificate on our <a href=\"/verify\">verification page</a> with its QR code, or with the policy number and the home's PIN code.</li>\n</ul>\n<blockquote>Buyers tend to ask for a discount on anything they are unsure about. A warranty that covers the interiors takes one of those questions off the table.</blockquote>\n<h2>If you are renting the home out instead</h2>\n<p>The cover continues as usual while the home is let. You raise service requests from your account on your tenants' behalf, and can attach the photos they send you; a tenant can check the cover on our <a href=\"/verify\">verification page</a> with the policy number and the home's PIN code. Remember that damage caused by misuse is not covered, whoever lives in the home, so it is worth walking your tenant through the basics of caring for hinges and channels.</p>",
  },
  {
    table: "blog_posts",
    key: "monsoon-proofing-wardrobes-and-kitchen-cabinets",
    before:
      '<p>Some seasonal tightness in shutters is normal and settles when the weather dries. Delamination, lifting edges and corroded hardware under normal use are covered under all our <a href="/b2c">homeowner plans</a>, and Premium and Elite members can time their annual inspection for just after the rains. If you notice any of these signs, <a href="/contact">raise a service request</a> early, before a small problem spreads to the next shutter.</p>',
    after:
      '<p>Some seasonal tightness in shutters is normal and settles when the weather dries. Delamination, lifting edges and corroded hardware under normal use are covered under all our <a href="/b2c">homeowner plans</a>, and Premium and Elite members can time their annual inspection for just after the rains. If you notice any of these signs, <a href="/tickets/new">raise a service request</a> from your account early, before a small problem spreads to the next shutter.</p>',
  },
  {
    table: "cities",
    key: "mumbai",
    before:
      "<p>Raise a request online, through the chat assistant or by phone. A visit is scheduled within 3-5 business days, or within 24 hours on the Elite plan, and covered repairs cost you nothing.</p>",
    after:
      "<p>Raise a request online from your account, with photos of the problem. A visit is scheduled within 3-5 business days, or within 24 hours on the Elite plan, and covered repairs cost you nothing.</p>",
  },
  {
    table: "cities",
    key: "kolkata",
    before:
      "<p>Raise a request from your dashboard, by chat or by phone. We schedule a visit within 3-5 business days, or within 24 hours on Elite, and covered repairs cost you nothing. Seepage has to be fixed at its source, and if that turns out to be the cause, we will tell you honestly.</p>",
    after:
      "<p>Raise a request from your dashboard, with photos of the problem. We schedule a visit within 3-5 business days, or within 24 hours on Elite, and covered repairs cost you nothing. Seepage has to be fixed at its source, and if that turns out to be the cause, we will tell you honestly.</p>",
  },
  {
    table: "cities",
    key: "salem",
    before:
      "<p>Report a problem online, through the chat assistant or by phone. Our team assesses it and schedules a visit within 3-5 business days; Elite holders get 24-hour priority. For covered issues, parts and labour are free.</p>",
    after:
      "<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days; Elite holders get 24-hour priority. For covered issues, parts and labour are free.</p>",
  },
  {
    table: "cities",
    key: "vijayawada",
    before:
      "<p>Report a problem online, by chat or by phone, with a few photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours for Elite plan holders.</p>",
    after:
      "<p>Report a problem online from your account, with a few photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours for Elite plan holders.</p>",
  },
  {
    table: "cities",
    key: "lucknow",
    before:
      "<p>Raise a request online, through the chat assistant or by phone. Our team assesses it and a technician visits within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour cost nothing.</p>",
    after:
      "<p>Raise a request online from your account, with photos of the problem. Our team assesses it and a technician visits within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour cost nothing.</p>",
  },
  {
    table: "cities",
    key: "thiruvananthapuram",
    before:
      "<p>Report a problem online, by chat or by phone, and we schedule a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour are free.</p>",
    after:
      "<p>Report a problem online from your account, and we schedule a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour are free.</p>",
  },
  {
    table: "cities",
    key: "surat",
    before:
      "<p>Report a problem online, by chat or by phone. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>",
    after:
      "<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>",
  },
];
