-- The FAQ, four blog posts and seven city pages told people to raise claims through the chat
-- assistant, to call us to renew and to tell us a buyer's details for a transfer. The seed
-- content now says what the product does (the claim form with photos, the Renew button,
-- Transfer to the buyer), but the seed only writes into an empty database, so a running site
-- still shows the old text. Each row below gets the seed's current text, found by its
-- question or slug; no other row or column changes. Pages are stored as the seed stores them,
-- already cleaned of anything but the allowed tags. On a new database these tables are empty
-- when migrations run, so nothing happens here and the seed then writes the same text.
UPDATE "faqs" SET "answer" = 'Claims follow four steps. Register: your interiors are recorded against your policy, item by item, on your policy page. Report: sign in and send the claim form (Report a problem on our website, or Raise a Ticket on your dashboard): choose the policy and the item affected, describe what happened and attach photos or PDFs from your phone or computer; you can add more photos later in the ticket''s replies. Assess: our team reviews the request, replies on the ticket and, where needed, proposes a technician''s visit at a time you confirm. Resolve: the covered repair or replacement is carried out at no cost to you.'
WHERE "question" = 'How do I make a claim?';--> statement-breakpoint
UPDATE "faqs" SET "answer" = 'Yes. The warranty stays with the home, not with you. When you sell, open the policy in your account and choose Transfer to the buyer: give the buyer''s name, e-mail address and phone, and we e-mail them a link that works for 14 days. The buyer accepts with an account in that e-mail address, and the remaining years of cover move to them at no extra charge, with the same policy number and end date and a certificate in their name. Essential policies move as soon as the buyer accepts; Premium and Elite transfers are checked by our team first, usually within one working day. A transferable warranty is also a useful point to mention when you list the property.'
WHERE "question" = 'Can I transfer the warranty if I sell my home?';--> statement-breakpoint
UPDATE "faqs" SET "answer" = 'Renew it yourself online: from 60 days before your plan ends, a Renew button appears on your policy page and your dashboard, and we e-mail you a reminder 60, 30 and 7 days before the end date. Choose the same plan or upgrade to a higher one, add your GSTIN if you want it on the invoice, and send the request; we then call you to take the payment, and the new term starts the day after the current one ends. A plan that has lapsed can still be renewed with the same button, but an inspection visit is needed first and the 30-day waiting period for existing interiors applies.'
WHERE "question" = 'How do I renew my plan?';--> statement-breakpoint
UPDATE "blog_posts" SET "content" = '<p>Hinges and drawer channels are the moving parts of your interiors. A three-bedroom flat with a modular kitchen and fitted wardrobes can easily have more than a hundred hinges, and each of them opens and closes thousands of times a year. A large share of the service requests we attend to begin with one of these parts, and many could have been caught early.</p>
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
<p>A cracked hinge arm, a damper leaking oil, ball bearings falling out of a channel or a drawer that has dropped off its runners all need a replacement part, not an adjustment. If your home is covered, <a href="/tickets/new">raise a service request</a> from your account rather than forcing it: covered hinges and channels are replaced at no cost to you. If you do not have a plan yet, all three of our <a href="/b2c">homeowner plans</a> cover hinges, channels and soft-close fittings.</p>'
WHERE "slug" = 'caring-for-soft-close-hinges-and-drawer-channels';--> statement-breakpoint
UPDATE "blog_posts" SET "content" = '<p>A warranty is only as good as the experience of using it. We have kept our claim process to four steps, and this article walks through each of them so that you know what to expect before you ever need to make a claim.</p>
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
<p>Throughout the claim, you deal with one team. You do not have to chase the carpenter, the hardware brand and the laminate supplier separately. To see the plans that include this service, visit our <a href="/b2c">homeowner plans page</a>, or read the <a href="/faqs">FAQs</a> for more detail.</p>'
WHERE "slug" = 'register-report-assess-resolve-how-claims-work';--> statement-breakpoint
UPDATE "blog_posts" SET "content" = '<p>Fitted interiors are one of the few parts of a home that buyers are asked to pay for without being able to judge them properly. A wardrobe looks fine during a twenty-minute visit; whether its hinges and channels will last another five years is anyone''s guess. A transferable warranty turns that guess into a written promise.</p>
<h2>The warranty belongs to the home</h2>
<p>All our homeowner plans, Essential, Premium and Elite, are tied to the property rather than to the person who bought them. When you sell, the remaining years of cover move to the new owner at no extra charge. If you bought a ten-year Premium plan and sell after three years, the buyer receives seven years of cover on the same terms.</p>
<h2>How to transfer it</h2>
<ol>
<li><strong>Start the transfer from your policy page.</strong> Once the sale agreement is signed, sign in, open the policy and choose <em>Transfer to the buyer</em>.</li>
<li><strong>Enter the buyer''s details.</strong> The new owner''s name, e-mail address and phone number. We e-mail them a link that works for 14 days, and you can cancel the transfer until they accept it.</li>
<li><strong>The buyer accepts.</strong> They sign in, or create an account, with that e-mail address and accept the warranty. Essential policies move at once; for Premium and Elite our team checks the transfer first, usually within one working day, and you are both e-mailed at each step.</li>
<li><strong>The buyer holds the policy.</strong> It keeps its number and end date, the record of the home''s interiors goes with it, and the certificate is issued again in the buyer''s name. Your past service requests stay in your account for you to read.</li>
</ol>
<p>The transfer does not restart the policy or add a waiting period. Cover continues without a break.</p>
<h2>Before you list the home</h2>
<ul>
<li>If you are on a Premium or Elite plan and your annual inspection is due, book it before the first viewings. Loose hinges and misaligned shutters are exactly what buyers notice.</li>
<li>Mention the warranty in your listing and tell your broker. "Ten-year transferable warranty on the kitchen and wardrobes" is a concrete selling point.</li>
<li>Download the policy certificate (PDF) from your policy page and keep the original interiors invoice ready for the buyer''s questions. A buyer or their bank can check the certificate on our <a href="/verify">verification page</a> with its QR code, or with the policy number and the home''s PIN code.</li>
</ul>
<blockquote>Buyers tend to ask for a discount on anything they are unsure about. A warranty that covers the interiors takes one of those questions off the table.</blockquote>
<h2>If you are renting the home out instead</h2>
<p>The cover continues as usual while the home is let. You raise service requests from your account on your tenants'' behalf, and can attach the photos they send you; a tenant can check the cover on our <a href="/verify">verification page</a> with the policy number and the home''s PIN code. Remember that damage caused by misuse is not covered, whoever lives in the home, so it is worth walking your tenant through the basics of caring for hinges and channels.</p>
<p>Questions about a transfer? Read our <a href="/faqs">FAQs</a> or <a href="/contact">get in touch</a>. If you are buying a home with interiors that are not yet covered, our <a href="/b2c">homeowner plans</a> can be added after an inspection, with a 30-day waiting period for existing interiors.</p>'
WHERE "slug" = 'transferring-your-interior-warranty-when-you-sell';--> statement-breakpoint
UPDATE "blog_posts" SET "content" = '<p>Across most of India the south-west monsoon arrives in June, while Chennai and coastal Tamil Nadu get most of their rain from the north-east monsoon between October and December. Wherever you live, the months of rain bring the same problems for fitted interiors: humidity that swells exposed board edges, laminates that lift, hinges and baskets that rust, and fungus inside closed wardrobes. A little preparation prevents most of it.</p>
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
<p>Some seasonal tightness in shutters is normal and settles when the weather dries. Delamination, lifting edges and corroded hardware under normal use are covered under all our <a href="/b2c">homeowner plans</a>, and Premium and Elite members can time their annual inspection for just after the rains. If you notice any of these signs, <a href="/tickets/new">raise a service request</a> from your account early, before a small problem spreads to the next shutter.</p>'
WHERE "slug" = 'monsoon-proofing-wardrobes-and-kitchen-cabinets';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Protecting interiors through Mumbai''s monsoon</h2>
<p>Mumbai receives well over 2,000 mm of rain a year, most of it between June and September, and the sea air keeps humidity high for much of the year. For fitted interiors that means boards swelling at unsealed edges, laminate lifting on shutters near windows, and hinges, channels and kitchen baskets rusting faster than they would inland. Wardrobes on the external walls of older buildings also suffer from seepage, which is why we look at the walls before registering existing interiors.</p>
<p>Space defines Mumbai homes. In compact 1BHK and 2BHK flats, from Thane and Navi Mumbai to the western suburbs, every wall carries storage: lofts above doors, wardrobes with sliding shutters, bed-storage units and tall kitchen pull-outs. Hardware in such homes works harder than usual, and sliding tracks and lift-up loft mechanisms are the parts that wear fastest.</p>
<h2>How service works</h2>
<p>Raise a request online from your account, with photos of the problem. A visit is scheduled within 3-5 business days, or within 24 hours on the Elite plan, and covered repairs cost you nothing.</p>'
WHERE "slug" = 'mumbai';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interior warranty in Kolkata</h2>
<p>Kolkata is humid nearly all year, with a long, heavy monsoon from June to September and occasional cyclonic storms from the Bay of Bengal. Damp walls in older buildings are common, and fitted wardrobes against those walls are prone to fungus, swollen back panels and rusting hinges. In the kitchen, steam and humidity together loosen the edge banding around the hob and sink.</p>
<p>The city''s housing mixes old North and South Kolkata houses with thick walls and high ceilings, apartment blocks in Salt Lake, Behala and Tollygunge, and newer towers in New Town and Rajarhat. In older homes, modular interiors are often fitted into rooms that were never designed for them, so good installation, with a ventilation gap behind units on damp walls, matters a great deal.</p>
<h2>Getting service</h2>
<p>Raise a request from your dashboard, with photos of the problem. We schedule a visit within 3-5 business days, or within 24 hours on Elite, and covered repairs cost you nothing. Seepage has to be fixed at its source, and if that turns out to be the cause, we will tell you honestly.</p>'
WHERE "slug" = 'kolkata';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interior warranty in Salem</h2>
<p>Salem is ringed by hills, with the Shevaroys and Yercaud to the north, and has a hot, dry climate for much of the year, with moderate rain from both monsoons. The dry heat draws moisture out of solid wood and veneer, which can open small cracks in wardrobe shutters and loosen the joints of older frames. Hard water in many parts of the city leaves scale on kitchen sink fittings and stainless steel baskets.</p>
<p>Salem families mostly live in independent houses, often with a shop, workshop or rented portion on the ground floor, in areas such as Fairlands, Alagapuram and Hasthampatti. Modular kitchens and wardrobes are now a standard part of new construction, and local carpenters and interior firms do most of the work.</p>
<h2>How service works</h2>
<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days; Elite holders get 24-hour priority. For covered issues, parts and labour are free.</p>'
WHERE "slug" = 'salem';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interior warranty in Vijayawada</h2>
<p>Vijayawada, on the Krishna, is among the hottest cities in south India, with May temperatures that can approach 45°C, followed by a humid monsoon and a mild winter. The swing from very dry heat to humid months moves boards and veneers, which shows up as shutters that no longer close flush and hinges that work loose. Kitchens with long cooking hours add heat and steam on top of that.</p>
<p>Homes are mostly independent houses and apartments in areas such as Benz Circle, Labbipet, Gunadala and Patamata, with new apartment projects spreading towards Gollapudi and along the roads to Amaravati and Guntur. Many families are moving from older homes with masonry shelves to modular wardrobes and kitchens.</p>
<h2>Service in Vijayawada</h2>
<p>Report a problem online from your account, with a few photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours for Elite plan holders.</p>'
WHERE "slug" = 'vijayawada';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interiors in Lucknow</h2>
<p>Lucknow has hot summers, a humid monsoon from late June to September and genuinely cold winters with dense fog. The humid months are when laminates and edge banding are most likely to lift, and in winter, damp, closed rooms can leave wardrobes smelling musty. The hot, dry winds of May and June dry out veneers and solid wood.</p>
<p>Lucknow families often live in spacious independent houses and kothis in Gomti Nagar, Indira Nagar, Aliganj and Mahanagar, with apartment towers rising along Sultanpur Road and Shaheed Path. Interiors tend to be generous, with wall-to-wall wardrobes, large kitchens and veneer-finished panelling, and careful upkeep pays off.</p>
<h2>How service works</h2>
<p>Raise a request online from your account, with photos of the problem. Our team assesses it and a technician visits within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour cost nothing.</p>'
WHERE "slug" = 'lucknow';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interior warranty in Thiruvananthapuram</h2>
<p>Thiruvananthapuram gets rain from both monsoons, and with the Arabian Sea a few kilometres away, humidity stays high through the year. Interiors here need good materials and good habits: moisture-resistant boards, sealed edges, stainless steel hardware, and wardrobes that are opened and aired regularly. Homes near the coast, around Kovalam and Shanghumugham, also face salt air.</p>
<p>Most families live in independent houses, many with sloping roofs and deep verandas, in areas such as Kowdiar, Sasthamangalam and Pattom, while apartments have grown around Technopark in Kazhakoottam. Government and IT employees who move on transfer often rent out their homes, and our cover continues while a home is let.</p>
<h2>Service in Thiruvananthapuram</h2>
<p>Report a problem online from your account, and we schedule a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour are free.</p>'
WHERE "slug" = 'thiruvananthapuram';--> statement-breakpoint
UPDATE "cities" SET "content" = '<h2>Interiors in Surat</h2>
<p>Surat sits near the mouth of the Tapi, close to the Arabian Sea, and is humid for much of the year, with a heavy monsoon from June to September. Humidity and salt air corrode hinges and kitchen baskets, while board edges and laminates absorb moisture in the wet months. Low-lying areas near the river have seen flooding, so base units on water-resistant plinths are a sensible choice.</p>
<p>The diamond and textile trades have made Surat one of India''s fastest-growing cities, and most families live in apartments in areas such as Adajan, Vesu, Pal and Piplod, with large joint-family homes in the older parts of the city. Kitchens are central to the home and built with plenty of drawers and tall units.</p>
<h2>Service in Surat</h2>
<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>'
WHERE "slug" = 'surat';
