import type { BlogPostContent } from "./types.ts";

export const blogPosts: BlogPostContent[] = [
  {
    slug: "caring-for-soft-close-hinges-and-drawer-channels",
    title: "How to Care for Soft-Close Hinges and Drawer Channels",
    summary:
      "Most hinge and channel complaints we attend to start as small problems that a screwdriver and five minutes could have fixed. Here is what to check, how often, and when to call us.",
    category: "Maintenance",
    coverImage: "/images/blog/caring-for-soft-close-hinges-and-drawer-channels.svg",
    author: "Karthik Subramanian, Head of Field Service",
    publishedAt: "2026-01-14",
    content: `<p>Hinges and drawer channels are the moving parts of your interiors. A three-bedroom flat with a modular kitchen and fitted wardrobes can easily have more than a hundred hinges, and each of them opens and closes thousands of times a year. A large share of the service requests we attend to begin with one of these parts, and many could have been caught early.</p>
<h2>Know what you have</h2>
<p>Most modular interiors in India use concealed hinges: a round cup set into a 35 mm hole in the shutter, and an arm that clips onto a mounting plate on the side of the cabinet. Soft-close hinges have a small damper, either built into the hinge or fitted beside it, that slows the shutter in the last few centimetres. Drawers run on telescopic ball-bearing channels fixed to the drawer sides or, in many premium kitchens, on concealed runners under the drawer.</p>
<h2>A five-minute monthly check</h2>
<ul>
<li><strong>Look at the gaps.</strong> Shutters should sit with even gaps of two to three millimetres. A gap that narrows at the top or bottom usually means a hinge screw has loosened.</li>
<li><strong>Listen to the close.</strong> A soft-close shutter should slow down and settle quietly. If it slams, the damper may be switched off or worn out.</li>
<li><strong>Pull every drawer out fully.</strong> It should glide without grinding, and should not drop or tilt at the end of its travel.</li>
<li><strong>Check the mounting screws.</strong> Screws holding tall units, heavy kitchen shutters and loft doors work loose over time and are easy to tighten.</li>
</ul>
<h2>Adjusting a hinge yourself</h2>
<p>Most concealed hinges have three adjustments, and a Phillips screwdriver is all you need:</p>
<ol>
<li><strong>Side adjustment</strong>, usually the screw nearest the shutter, moves the door left or right to even out the gap with its neighbour.</li>
<li><strong>Depth adjustment</strong> moves the shutter closer to or further from the cabinet, so that it closes flush.</li>
<li><strong>Height adjustment</strong>, on the mounting plate, lifts or lowers the shutter so that its top edge lines up with the others.</li>
</ol>
<p>Turn a quarter turn at a time, close the shutter, and look again. If a screw spins without tightening, the hole in the board has worn out; stop there, as more force only makes it worse.</p>
<h2>What to avoid</h2>
<ul>
<li>Do not oil channels with cooking oil or grease. It traps dust and grit and makes them stiffer. Wipe them with a dry cloth instead.</li>
<li>Do not overload drawers. Telescopic channels are rated for a fixed load, and steel vessels, pressure cookers and cast-iron kadais add up quickly.</li>
<li>Do not let children hang on shutters or climb using open drawers.</li>
<li>Wipe water off hinges near the sink and the dishwasher after use, especially in coastal cities where steel rusts faster.</li>
</ul>
<h2>When to call us</h2>
<p>A cracked hinge arm, a damper leaking oil, ball bearings falling out of a channel or a drawer that has dropped off its runners all need a replacement part, not an adjustment. If your home is covered, <a href="/tickets/new">raise a service request</a> from your account rather than forcing it: covered hinges and channels are replaced at no cost to you. If you do not have a plan yet, all three of our <a href="/b2c">homeowner plans</a> cover hinges, channels and soft-close fittings.</p>`,
  },
  {
    slug: "what-a-home-interior-warranty-covers",
    title: "What a Home Interior Warranty Covers, and What It Does Not",
    summary:
      "A plain-language guide to the difference between a defect and damage, what each of our plans includes, and the exclusions you should know about before you buy.",
    category: "Warranty Basics",
    coverImage: "/images/blog/what-a-home-interior-warranty-covers.svg",
    author: "Anitha Krishnan, Policy and Claims Manager",
    publishedAt: "2026-02-10",
    content: `<p>Most homeowners in India spend several lakhs on wardrobes, a modular kitchen and storage units, and then rely on a verbal promise from the carpenter or a one-year guarantee from the brand. A home interior warranty fills the gap between that first year and the next decade. Before you buy one, it helps to understand exactly what it is designed to do.</p>
<h2>Defects, not damage</h2>
<p>The single most useful idea to keep in mind is the difference between a <strong>defect</strong> and <strong>damage</strong>. A defect is something that fails under normal household use: a hinge that sags, laminate that peels because the adhesive gave way, a shutter that warps, or a unit that was not fixed properly to the wall. Damage is caused by something outside normal use: a leaking pipe, a child swinging on a shutter, a gas cylinder dropped on a drawer, or termites. A warranty covers defects. Damage is a matter for home insurance.</p>
<h2>What our plans cover</h2>
<ul>
<li><strong>Hardware:</strong> concealed and soft-close hinges, drawer channels, lift-up mechanisms, handles, locks and wardrobe sliding tracks.</li>
<li><strong>Surfaces:</strong> laminate and veneer delamination, bubbling and edge-band lifting caused by adhesive or pressing failure.</li>
<li><strong>Structure:</strong> shutters that warp or fall out of line, loose shelves and joints, and units that come away from the wall because of poor fixing.</li>
<li><strong>Workmanship:</strong> installation faults such as uneven gaps, shutters out of level and poorly finished joinery.</li>
</ul>
<p>All three plans cover hardware, wardrobes and laminates. <strong>Premium</strong> and <strong>Elite</strong> also cover the modular kitchen carcass, shutters and baskets, along with lofts, TV units and study units, and include an annual inspection visit. <strong>Elite</strong> adds 24-hour priority service. You can compare them on our <a href="/b2c">homeowner plans page</a>.</p>
<h2>What is not covered</h2>
<ul>
<li>Water damage from plumbing leaks, wall seepage or flooding.</li>
<li>Misuse, accidents and impact damage.</li>
<li>Termite and other pest damage.</li>
<li>Work done by someone other than our technicians after the policy starts.</li>
<li>Normal wear of finishes: scratches, stains, fading and small dents.</li>
<li>Loose furniture and appliances such as chimneys, hobs and ovens.</li>
</ul>
<blockquote>If water is the cause, fix the source first. We will happily inspect a swollen sink base and tell you whether it is a board defect or a leak, but we cannot replace a cabinet that will be soaked again next week.</blockquote>
<h2>The waiting period</h2>
<p>If your interiors are registered at the time of installation, usually through your designer or contractor, cover starts immediately. If you register interiors that are already in use, there is a 30-day waiting period before claims can be made. This keeps the plans affordable for everyone, because it means problems that already exist are found at registration rather than claimed the following week.</p>
<h2>What a covered repair costs you</h2>
<p>Nothing. Parts, labour and the technician's visit are included for covered issues, and you deal with one team from the first call to the final repair. If you are unsure whether something is covered, read our <a href="/faqs">FAQs</a> or <a href="/contact">ask us directly</a>.</p>`,
  },
  {
    slug: "questions-to-ask-before-buying-a-modular-kitchen",
    title: "10 Questions to Ask Before You Buy a Modular Kitchen",
    summary:
      "Two quotations for the same kitchen layout can differ by lakhs. These ten questions help you see what you are actually paying for, and which kitchen will still work in ten years.",
    category: "Buying Guide",
    coverImage: "/images/blog/questions-to-ask-before-buying-a-modular-kitchen.svg",
    author: "Rahul Iyer, Technical Advisor",
    publishedAt: "2026-03-18",
    content: `<p>A modular kitchen is the hardest-working part of an Indian home. It handles steam from the pressure cooker, masala splashes, daily washing and heavy steel vessels, often for fifteen years or more. Two quotations for the same L-shaped layout can still differ by lakhs. Here are the questions we suggest every homeowner asks before signing.</p>
<h2>Materials</h2>
<h3>1. What board is used for the carcass, and what for the sink unit?</h3>
<p>The sink base should be boiling water proof (BWP) plywood or a high-moisture-resistant board. Ordinary MR-grade board is fine for dry overhead units, but not under the sink.</p>
<h3>2. How thick are the carcass and shutter boards?</h3>
<p>18 mm is the common standard for carcass sides. Thinner boards cost less but hold hinge screws less firmly.</p>
<h3>3. Are all edges sealed?</h3>
<p>Every exposed edge, including the hidden back and bottom edges, should have edge banding. Unsealed edges are where moisture gets in first.</p>
<h3>4. What is the shutter finish?</h3>
<p>Laminate, acrylic, membrane, PU paint and veneer look and age very differently. Ask to see a shutter that has been in use for a few years, not just a showroom sample.</p>
<h2>Hardware</h2>
<h3>5. Which brand of hinges, channels and baskets, and what load are they rated for?</h3>
<p>Ask for the model names in the quotation. Hardware is the first thing to be downgraded when a price is cut.</p>
<h3>6. Are the baskets stainless steel, and which grade?</h3>
<p>Cheaper baskets rust quickly near the sink, especially in coastal cities.</p>
<h3>7. Is the plinth water-resistant?</h3>
<p>A PVC or aluminium skirting survives floor mopping far better than a board plinth.</p>
<h2>Installation and after-sales</h2>
<h3>8. Who installs the kitchen, and how long will it take?</h3>
<p>A factory-made kitchen fitted by an untrained crew can still fail. Ask whether the installers work for the company.</p>
<h3>9. What exactly does the warranty cover, for how long, and who do I call?</h3>
<p>Brand warranties on boards and hardware are often separate, with different claim processes. Ask whether labour is included.</p>
<h3>10. Can the warranty be transferred if I sell the home?</h3>
<p>A kitchen typically outlasts the first owner's stay, and a transferable warranty adds to resale value.</p>
<h2>Reading the answers</h2>
<p>A good vendor will answer these without hesitation and put the answers in writing. If the answers are vague, treat the lower price with caution. If you are working with an interior designer, ask whether they offer a warranty in their own name: many of our <a href="/b2b">business partners</a> include one with every kitchen they hand over.</p>
<p>Once your kitchen is installed, a <a href="/b2c">Premium or Elite plan</a> covers the carcass, shutters, baskets and hardware for ten years, with an annual inspection to catch problems early. Covered repairs cost you nothing, and there is one number to call.</p>`,
  },
  {
    slug: "register-report-assess-resolve-how-claims-work",
    title: "Register, Report, Assess, Resolve: How a Claim Works",
    summary:
      "From the day your interiors are recorded to the day the technician leaves, here is what happens at each of the four steps of a claim, and what you can do to speed it up.",
    category: "Warranty Basics",
    coverImage: "/images/blog/register-report-assess-resolve-how-claims-work.svg",
    author: "Anitha Krishnan, Policy and Claims Manager",
    publishedAt: "2026-05-06",
    content: `<p>A warranty is only as good as the experience of using it. We have kept our claim process to four steps, and this article walks through each of them so that you know what to expect before you ever need to make a claim.</p>
<h2>1. Register</h2>
<p>Registration records what is in your home: the rooms, the units, the board and finish used, and the hardware. If your designer or contractor is one of our partners, they register the interiors at handover and cover starts straight away. If you are registering interiors that are already installed, we schedule a short inspection and note the condition of each unit. Claims on existing interiors can be made after a 30-day waiting period.</p>
<p><strong>Tip:</strong> keep your original quotation and invoice. They make registration quicker and help us order exact replacement parts later.</p>
<h2>2. Report</h2>
<p>When something goes wrong, raise a service request. Sign in and send the claim form (<a href="/tickets/new">Report a problem</a> on our website, or Raise a Ticket on your dashboard): choose the policy and the item affected, describe the problem and attach your photographs to it. If you need a hand with the form, call our support desk. A good request includes:</p>
<ul>
<li>the room and the unit, for example "kitchen, second shutter left of the hob";</li>
<li>what is happening and since when;</li>
<li>two or three clear photographs, one close-up and one of the whole unit.</li>
</ul>
<h2>3. Assess</h2>
<p>Our team reviews every request. Many hardware problems can be diagnosed from photographs, so the technician arrives with the right hinge, channel or roller on the first visit. Where the cause is not clear, for instance a swollen panel that could be a board defect or a hidden leak, the technician inspects it at your home first.</p>
<p>Service visits are scheduled within 3-5 business days of the report. Elite plan holders receive 24-hour priority service. If a part or a matching laminate has to be ordered, we give you a date at the first visit and keep you updated.</p>
<h2>4. Resolve</h2>
<p>The technician repairs, adjusts or replaces the covered part. For covered issues you pay nothing: not for parts, not for labour and not for the visit. Before leaving, the technician checks the neighbouring shutters and drawers too, since a problem rarely affects just one hinge. The request is then marked resolved in your dashboard.</p>
<blockquote>If an assessment finds that the cause is outside the cover, such as a plumbing leak, we tell you why before any work begins, and we can give you a quotation for the repair if you would like one.</blockquote>
<h2>One point of contact</h2>
<p>Throughout the claim, you deal with one team. You do not have to chase the carpenter, the hardware brand and the laminate supplier separately. To see the plans that include this service, visit our <a href="/b2c">homeowner plans page</a>, or read the <a href="/faqs">FAQs</a> for more detail.</p>`,
  },
  {
    slug: "plywood-mdf-or-hdhmr-choosing-wardrobe-materials",
    title: "Plywood, MDF or HDHMR? Choosing Materials for Your Wardrobes",
    summary:
      "The board inside your wardrobe decides how well it holds screws, how it handles humidity and how long it stays straight. A practical comparison for Indian homes.",
    category: "Buying Guide",
    coverImage: "/images/blog/plywood-mdf-or-hdhmr-choosing-wardrobe-materials.svg",
    author: "Rahul Iyer, Technical Advisor",
    publishedAt: "2026-06-24",
    content: `<p>When you choose a wardrobe, you mostly see the shutter finish and the handles. The board underneath matters more. It decides how firmly hinges stay fixed, whether tall shutters stay straight, and how the wardrobe copes with a humid monsoon. Here is how the common options compare.</p>
<h2>Plywood</h2>
<p>Plywood is made of thin wood veneers glued in layers with the grain alternating, which makes it strong and good at holding screws. It is sold in grades: <strong>MR</strong> (moisture resistant) for dry interior use, and <strong>BWP</strong> (boiling water proof) for wet or very humid areas.</p>
<ul>
<li><strong>Good for:</strong> carcasses, shelves, tall shutters and anywhere with heavy hardware.</li>
<li><strong>Watch for:</strong> inconsistent quality in unbranded boards, with gaps in the core layers. Ask for the brand and grade in writing.</li>
</ul>
<h2>MDF</h2>
<p>Medium density fibreboard is made from fine wood fibres pressed with resin. It is smooth, uniform and easy to machine, which makes it popular for painted and routed shutters.</p>
<ul>
<li><strong>Good for:</strong> shutters with a painted, membrane or grooved finish.</li>
<li><strong>Watch for:</strong> poor moisture resistance at unsealed edges, and weaker screw holding than plywood. Standard MDF is a poor choice for wardrobes against external walls in humid cities.</li>
</ul>
<h2>HDHMR</h2>
<p>High density high moisture resistance board is a denser fibre board made for humid conditions. It is harder than MDF, holds screws better and copes with humidity well, which has made it a common choice for kitchen and wardrobe shutters.</p>
<ul>
<li><strong>Good for:</strong> shutters and carcasses in humid and coastal cities.</li>
<li><strong>Watch for:</strong> weight. Large HDHMR shutters are heavy, so they need good hinges, and enough of them.</li>
</ul>
<h2>Particle board</h2>
<p>Pre-laminated particle board is the most economical option and is common in ready-made furniture. It is acceptable for light internal shelves, but we would not recommend it for shutters or carcasses that carry hinges.</p>
<h2>Our recommendations</h2>
<ol>
<li>Use plywood or HDHMR for the carcass of any wardrobe that carries tall shutters or heavy hardware.</li>
<li>For wardrobes against an external wall, or in coastal cities like Chennai, Mumbai and Kochi, choose BWP plywood or HDHMR, and leave a small ventilation gap at the back.</li>
<li>Make sure every edge is sealed with edge banding, including the ones you cannot see.</li>
<li>Use at least three hinges on shutters taller than about 900 mm, and four or more on full-height shutters; heavier boards need more.</li>
</ol>
<blockquote>A well-built wardrobe from a mid-priced board will outlast a poorly built one from an expensive board. Workmanship and hardware count as much as material.</blockquote>
<p>Whatever you choose, our <a href="/b2c">homeowner plans</a> cover wardrobe shutters, sliding tracks, laminate delamination and installation defects for up to ten years. If you are an interior designer specifying these materials for clients, see how our <a href="/b2b">partnership plans</a> let you offer that cover in your own name.</p>`,
  },
  {
    slug: "white-label-warranties-for-interior-designers",
    title: "Why Interior Designers Are Offering White-Label Warranties",
    summary:
      "Clients increasingly ask what happens after handover. A white-labelled warranty lets a design studio answer with confidence, without building a service team of its own.",
    category: "For Businesses",
    coverImage: "/images/blog/white-label-warranties-for-interior-designers.svg",
    author: "Vikram Natarajan, Head of Partnerships",
    publishedAt: "2026-07-29",
    content: `<p>Ask any interior designer about the hardest part of the business, and after-sales service comes up quickly. The project was handed over months ago, the payment is settled, and the client calls about a drawer that has dropped or a shutter that no longer closes. The carpenter has moved to another site. The studio wants to help, but every service visit costs time and money that was never priced into the project.</p>
<h2>What clients are asking for</h2>
<p>Homeowners have become more careful buyers. Many have seen friends struggle to get a vendor back for repairs, and they now ask before signing: <em>what happens after handover, and for how long?</em> Large national brands answer with long warranties. An independent studio that says "call us any time" sounds sincere, but cannot put it in writing for ten years.</p>
<h2>How a white-label warranty works</h2>
<p>With a white-labelled partnership, your studio issues the warranty certificate in its own name and brand. Behind it, our team handles the claims:</p>
<ol>
<li>At handover, you register the project through the partner dashboard.</li>
<li>Your client receives a warranty certificate in your brand.</li>
<li>When something goes wrong, the client reports it, and our service team assesses and resolves it.</li>
<li>You can see the status of every claim on your projects, so you are never caught off guard when a client mentions it.</li>
</ol>
<h2>What it does for your business</h2>
<ul>
<li><strong>It helps you win projects.</strong> A written warranty of up to ten years is a concrete answer to the question every client is asking.</li>
<li><strong>It protects your margins.</strong> Service calls on covered issues stop eating into the profit of finished projects.</li>
<li><strong>It protects your reputation.</strong> Clients get prompt, professional service under your name, which is what they remember when they refer you.</li>
<li><strong>It keeps you in touch.</strong> A client with a warranty in your name is more likely to come back to you for the next room or the next home.</li>
</ul>
<h2>Choosing a plan</h2>
<p>Our partnership plans are billed monthly, with invoices on 30-day terms. The <strong>Standard Plan</strong> suits independent designers and small carpentry firms; the <strong>Professional Plan</strong> adds a dedicated account manager and co-branded marketing material for studios with more handovers; and the <strong>Enterprise Plan</strong> has custom pricing and terms for builders and multi-city brands, with no cap on projects.</p>
<blockquote>The best time to add a warranty is before the quotation is sent. Clients compare a quotation that includes ten years of cover very differently from one that does not.</blockquote>
<p>See the details on our <a href="/b2b">business partnership page</a>, or <a href="/contact">talk to our partnerships team</a> about the volume of projects you handle.</p>`,
  },
  {
    slug: "transferring-your-interior-warranty-when-you-sell",
    title: "Selling Your Home? How to Transfer Your Interior Warranty",
    summary:
      "Your warranty stays with the home, not with you. Here is how the transfer works, what the buyer receives, and why it is worth mentioning in your listing.",
    category: "Warranty Basics",
    coverImage: "/images/blog/transferring-your-interior-warranty-when-you-sell.svg",
    author: "Priya Raghavan, Customer Care Lead",
    publishedAt: "2026-09-09",
    content: `<p>Fitted interiors are one of the few parts of a home that buyers are asked to pay for without being able to judge them properly. A wardrobe looks fine during a twenty-minute visit; whether its hinges and channels will last another five years is anyone's guess. A transferable warranty turns that guess into a written promise.</p>
<h2>The warranty belongs to the home</h2>
<p>All our homeowner plans, Essential, Premium and Elite, are tied to the property rather than to the person who bought them. When you sell, the remaining years of cover move to the new owner at no extra charge. If you bought a ten-year Premium plan and sell after three years, the buyer receives seven years of cover on the same terms.</p>
<h2>How to transfer it</h2>
<ol>
<li><strong>Start the transfer from your policy page.</strong> Once the sale agreement is signed, sign in, open the policy and choose <em>Transfer to the buyer</em>.</li>
<li><strong>Enter the buyer's details.</strong> The new owner's name, e-mail address and phone number. We e-mail them a link that works for 14 days, and you can cancel the transfer until they accept it.</li>
<li><strong>The buyer accepts.</strong> They sign in, or create an account, with that e-mail address and accept the warranty. Essential policies move at once; for Premium and Elite our team checks the transfer first, usually within one working day, and you are both e-mailed at each step.</li>
<li><strong>The buyer holds the policy.</strong> It keeps its number and end date, the record of the home's interiors goes with it, and the certificate is issued again in the buyer's name. Your past service requests stay in your account for you to read.</li>
</ol>
<p>The transfer does not restart the policy or add a waiting period. Cover continues without a break.</p>
<h2>Before you list the home</h2>
<ul>
<li>If you are on a Premium or Elite plan and your annual inspection is due, book it before the first viewings. Loose hinges and misaligned shutters are exactly what buyers notice.</li>
<li>Mention the warranty in your listing and tell your broker. "Ten-year transferable warranty on the kitchen and wardrobes" is a concrete selling point.</li>
<li>Download the policy certificate (PDF) from your policy page and keep the original interiors invoice ready for the buyer's questions. A buyer or their bank can check the certificate on our <a href="/verify">verification page</a> with its QR code, or with the policy number and the home's PIN code.</li>
</ul>
<blockquote>Buyers tend to ask for a discount on anything they are unsure about. A warranty that covers the interiors takes one of those questions off the table.</blockquote>
<h2>If you are renting the home out instead</h2>
<p>The cover continues as usual while the home is let. You raise service requests from your account on your tenants' behalf, and can attach the photos they send you; a tenant can check the cover on our <a href="/verify">verification page</a> with the policy number and the home's PIN code. Remember that damage caused by misuse is not covered, whoever lives in the home, so it is worth walking your tenant through the basics of caring for hinges and channels.</p>
<p>Questions about a transfer? Read our <a href="/faqs">FAQs</a> or <a href="/contact">get in touch</a>. If you are buying a home with interiors that are not yet covered, our <a href="/b2c">homeowner plans</a> can be added after an inspection, with a 30-day waiting period for existing interiors.</p>`,
  },
  {
    slug: "monsoon-proofing-wardrobes-and-kitchen-cabinets",
    title: "Monsoon-Proofing Your Wardrobes and Kitchen Cabinets",
    summary:
      "Humidity swells boards, loosens laminates, rusts hinges and invites fungus. A room-by-room checklist to prepare your interiors before the rains arrive.",
    category: "Maintenance",
    coverImage: "/images/blog/monsoon-proofing-wardrobes-and-kitchen-cabinets.svg",
    author: "Priya Raghavan, Customer Care Lead",
    publishedAt: "2026-10-08",
    content: `<p>Across most of India the south-west monsoon arrives in June, while Chennai and coastal Tamil Nadu get most of their rain from the north-east monsoon between October and December. Wherever you live, the months of rain bring the same problems for fitted interiors: humidity that swells exposed board edges, laminates that lift, hinges and baskets that rust, and fungus inside closed wardrobes. A little preparation prevents most of it.</p>
<h2>Before the rains</h2>
<ul>
<li><strong>Check the walls behind your wardrobes.</strong> Any damp patch or peeling paint on an external wall will get worse in the monsoon. Get seepage fixed first, because water damage from seepage is not something a warranty can cover.</li>
<li><strong>Inspect the sink unit.</strong> Look under the sink for drips from the waste pipe, the tap connections and the water purifier line. A slow leak is the most common cause of a swollen sink base.</li>
<li><strong>Renew the silicone seal</strong> where the countertop meets the wall and around the sink. Cracked sealant lets water run down behind the cabinets.</li>
<li><strong>Look for open edges.</strong> Edge banding that has lifted, even slightly, lets moisture into the board. Report it early; an edge re-pressed in time saves a shutter.</li>
</ul>
<h2>In the wardrobe</h2>
<ul>
<li>Open the wardrobes for a few minutes every day on dry afternoons to let air circulate.</li>
<li>Never store damp clothes or towels. Dry everything completely before it goes in.</li>
<li>Use moisture absorbers on the shelves and replace them as they fill up.</li>
<li>Leave a small gap between stored items and the back panel, especially on external walls.</li>
</ul>
<h2>In the kitchen</h2>
<ul>
<li>Run the chimney or exhaust fan while cooking and for a while afterwards to clear steam.</li>
<li>Wipe the shutters around the hob and sink dry, and avoid wet-mopping right up to the plinth.</li>
<li>Dry stainless steel baskets before putting vessels back, and wipe hinges near the sink every few days.</li>
</ul>
<h2>Signs to watch for</h2>
<ol>
<li>Shutters that suddenly rub against each other or no longer close flush.</li>
<li>Bubbles or soft spots on laminate surfaces.</li>
<li>Brown rust spots on hinges, channels and basket wires.</li>
<li>A musty smell or white or green patches inside cabinets.</li>
</ol>
<p>Some seasonal tightness in shutters is normal and settles when the weather dries. Delamination, lifting edges and corroded hardware under normal use are covered under all our <a href="/b2c">homeowner plans</a>, and Premium and Elite members can time their annual inspection for just after the rains. If you notice any of these signs, <a href="/tickets/new">raise a service request</a> from your account early, before a small problem spreads to the next shutter.</p>`,
  },
];
