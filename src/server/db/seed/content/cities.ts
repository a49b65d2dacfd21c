import type { CityContent } from "./types.ts";

/**
 * The seeder inserts cities in this order, so the order fixes their ids:
 * Bengaluru must stay first (id 1) and Chennai fifth (id 5). Add new cities at the end.
 */
export const cities: CityContent[] = [
  {
    name: "Bengaluru",
    slug: "bengaluru",
    state: "Karnataka",
    tier: "tier1",
    content: `<h2>Interior warranty for Bengaluru homes</h2>
<p>Bengaluru's mild climate is kind to furniture for most of the year, but the city gets rain from both the south-west monsoon (June to September) and the north-east monsoon (October and November). In those months humidity rises sharply, and apartments that stay closed while their owners travel often show swollen shutter edges and fungus inside wardrobes. Hard borewell water in many areas leaves scale on sink fittings and stainless steel baskets.</p>
<p>Most of our Bengaluru customers live in apartments in gated communities along the Outer Ring Road, Whitefield, Sarjapur Road and North Bengaluru, with a growing number of villas on the city's edges. Interiors are usually designer-built modular kitchens and full-height wardrobes with soft-close hardware, and owners change jobs and homes often, which is where a transferable warranty helps.</p>
<h2>Service in Bengaluru</h2>
<ul>
<li>Service visits scheduled within 3-5 business days of your request</li>
<li>24-hour priority response for Elite plan holders</li>
<li>Covered repairs, parts and labour at no cost to you</li>
</ul>`,
  },
  {
    name: "Mumbai",
    slug: "mumbai",
    state: "Maharashtra",
    tier: "tier1",
    content: `<h2>Protecting interiors through Mumbai's monsoon</h2>
<p>Mumbai receives well over 2,000 mm of rain a year, most of it between June and September, and the sea air keeps humidity high for much of the year. For fitted interiors that means boards swelling at unsealed edges, laminate lifting on shutters near windows, and hinges, channels and kitchen baskets rusting faster than they would inland. Wardrobes on the external walls of older buildings also suffer from seepage, which is why we look at the walls before registering existing interiors.</p>
<p>Space defines Mumbai homes. In compact 1BHK and 2BHK flats, from Thane and Navi Mumbai to the western suburbs, every wall carries storage: lofts above doors, wardrobes with sliding shutters, bed-storage units and tall kitchen pull-outs. Hardware in such homes works harder than usual, and sliding tracks and lift-up loft mechanisms are the parts that wear fastest.</p>
<h2>How service works</h2>
<p>Raise a request online from your account, with photos of the problem. A visit is scheduled within 3-5 business days, or within 24 hours on the Elite plan, and covered repairs cost you nothing.</p>`,
  },
  {
    name: "Delhi",
    slug: "delhi",
    state: "Delhi",
    tier: "tier1",
    content: `<h2>Interiors built for Delhi's extremes</h2>
<p>Few cities are as hard on woodwork as Delhi. Summer temperatures cross 45°C in very dry air, the monsoon brings weeks of heavy humidity in July and August, and winters are cold and damp with fog. Boards and veneers expand and shrink through this cycle every year, which shows up as hairline cracks in veneer, shutters that bind in August and gap in January, and hinge screws working loose. Fine dust in the dry months also gets into drawer channels and sliding tracks.</p>
<p>Homes range from DDA flats and group housing societies in Dwarka and Rohini to builder floors and independent kothis in South and West Delhi. Many builder floors are renovated floor by floor, with veneer-finished wardrobes and lacquered kitchens that deserve careful upkeep.</p>
<ul>
<li>Annual inspection on Premium and Elite plans, ideally booked before the monsoon</li>
<li>Service visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Cover transfers to the buyer if you sell your floor or flat</li>
</ul>`,
  },
  {
    name: "Hyderabad",
    slug: "hyderabad",
    state: "Telangana",
    tier: "tier1",
    content: `<h2>Interior warranty in Hyderabad</h2>
<p>Hyderabad sits on the Deccan plateau, with hot, dry summers that regularly touch 40°C, a moderate monsoon from June to September and pleasant winters. The dry months are the harder ones for furniture: solid wood and veneer can shrink and crack, and the fine dust from the city's many construction sites settles in drawer channels and wardrobe tracks, wearing the rollers. Sudden heavy downpours in the monsoon can also cause seepage in new buildings.</p>
<p>The city's growth towards Gachibowli, Kondapur, Kokapet and Tellapur has brought high-rise apartments and large gated villa communities, most handed over bare and fitted out by interior firms. Villa owners typically invest in extensive wardrobes, walk-in closets and island kitchens, where the Premium and Elite plans make the most sense.</p>
<h2>Service and claims</h2>
<p>Report a problem with a few photographs and our team assesses it before the visit, so that the technician arrives with the right hinge, roller or channel. Visits are scheduled within 3-5 business days, and Elite holders get 24-hour priority.</p>`,
  },
  {
    name: "Chennai",
    slug: "chennai",
    state: "Tamil Nadu",
    tier: "tier1",
    content: `<h2>Home interior warranty in Chennai, our home city</h2>
<p>Our head office is in Chennai, and the city's climate shaped how our plans were designed. Humidity stays high for most of the year, and homes within a few kilometres of the coast, from Besant Nagar to Thiruvanmiyur and the ECR, deal with salt-laden air as well. Hinges, drawer channels and kitchen baskets rust faster here, exposed board edges swell, and laminate can lift where the edge banding is not sealed. The north-east monsoon, from October to December, brings most of the year's rain, often in short spells of very heavy downpour.</p>
<p>Chennai homes range from older independent houses in Mylapore and T. Nagar to apartments in Anna Nagar and Velachery and large gated communities along OMR and GST Road. Many families are replacing the wooden almirahs and cement lofts of older homes with modular wardrobes and kitchens.</p>
<ul>
<li>Service visits within 3-5 business days across the city and its suburbs</li>
<li>24-hour priority response on the Elite plan</li>
<li>Annual inspections on Premium and Elite, which can be timed for just after the monsoon</li>
</ul>`,
  },
  {
    name: "Kolkata",
    slug: "kolkata",
    state: "West Bengal",
    tier: "tier1",
    content: `<h2>Interior warranty in Kolkata</h2>
<p>Kolkata is humid nearly all year, with a long, heavy monsoon from June to September and occasional cyclonic storms from the Bay of Bengal. Damp walls in older buildings are common, and fitted wardrobes against those walls are prone to fungus, swollen back panels and rusting hinges. In the kitchen, steam and humidity together loosen the edge banding around the hob and sink.</p>
<p>The city's housing mixes old North and South Kolkata houses with thick walls and high ceilings, apartment blocks in Salt Lake, Behala and Tollygunge, and newer towers in New Town and Rajarhat. In older homes, modular interiors are often fitted into rooms that were never designed for them, so good installation, with a ventilation gap behind units on damp walls, matters a great deal.</p>
<h2>Getting service</h2>
<p>Raise a request from your dashboard, with photos of the problem. We schedule a visit within 3-5 business days, or within 24 hours on Elite, and covered repairs cost you nothing. Seepage has to be fixed at its source, and if that turns out to be the cause, we will tell you honestly.</p>`,
  },
  {
    name: "Pune",
    slug: "pune",
    state: "Maharashtra",
    tier: "tier1",
    content: `<h2>Protecting Pune interiors</h2>
<p>Pune's climate is milder than Mumbai's, but the monsoon is long and wet, particularly in the western suburbs closer to the Sahyadris, such as Baner, Pashan and Hinjewadi. Humidity from June to September loosens laminates and edge banding, while the dry winter and the hot April and May that follow can leave shutters slightly out of line as the boards dry out again.</p>
<p>Most Pune homes are apartments in large townships and gated societies in Kharadi, Wakad, Hadapsar and Undri, usually handed over with a basic kitchen platform and then fitted out by an interior firm. Many owners are IT professionals who relocate, rent out their flat or sell within a few years, so a plan that continues while the home is let and transfers to the next owner is genuinely useful.</p>
<ul>
<li>Hinges, channels, wardrobe shutters and laminates covered on every plan</li>
<li>Modular kitchen and loft cover on Premium and Elite</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Ahmedabad",
    slug: "ahmedabad",
    state: "Gujarat",
    tier: "tier1",
    content: `<h2>Interior warranty in Ahmedabad</h2>
<p>Ahmedabad's summers are long, hot and dry, with temperatures often above 43°C from April to June, followed by a short monsoon. Dry heat is hard on woodwork in a different way from coastal humidity: veneers and solid wood shrink and can crack, adhesive can weaken on surfaces that get direct afternoon sun, and hinge screws loosen as the boards move. Dust storms before the monsoon leave grit in drawer channels and sliding wardrobe tracks.</p>
<p>Families here tend to live in large apartments, bungalows and row-house tenements along SG Highway and in Bopal, Satellite and Prahlad Nagar, and kitchens are built for heavy daily cooking, with plenty of drawer storage for steel vessels. Drawer channels under that load are usually the first parts to wear.</p>
<h2>How claims work</h2>
<p>Register your interiors, report a problem with a few photos, let our team assess it, and have it resolved by a technician at no cost for covered issues. Visits are scheduled within 3-5 business days, with 24-hour priority on Elite.</p>`,
  },
  {
    name: "Coimbatore",
    slug: "coimbatore",
    state: "Tamil Nadu",
    tier: "tier2",
    content: `<h2>Interior warranty in Coimbatore</h2>
<p>Coimbatore enjoys one of the most pleasant climates in Tamil Nadu, cooled by winds through the Palghat Gap and the nearby Western Ghats. Humidity is moderate, but the south-west monsoon brings steady drizzle and damp air from June to September, and homes near the foothills towards Thondamuthur and Maruthamalai see more of it. Woodwork mostly ages well here, which makes workmanship and hardware quality the main factors in how long interiors last.</p>
<p>The city has a strong local furniture and modular kitchen industry, and many families commission interiors from local makers for independent houses and villas in areas such as RS Puram, Saravanampatti, Vadavalli and Peelamedu. Apartments are growing along Avinashi Road and Trichy Road.</p>
<ul>
<li>Plans for homeowners, and for Coimbatore's interior makers, who can offer our cover under their own brand</li>
<li>Service visits within 3-5 business days</li>
<li>24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Madurai",
    slug: "madurai",
    state: "Tamil Nadu",
    tier: "tier2",
    content: `<h2>Interiors in Madurai's heat</h2>
<p>Madurai is hot for most of the year, with summer temperatures around 40°C, dry winds and dust, and rain that comes mainly with the north-east monsoon. The combination of dry heat and sudden wet spells makes boards expand and contract, so shutters drift out of line and hinges need adjusting more often. Kitchens in Madurai homes see long hours of cooking, and the heat and steam around the hob test laminates and edge banding.</p>
<p>Most families live in independent houses, many extended over two or three floors as the family grows, with apartments now coming up around the Bypass Road, K.K. Nagar and Anna Nagar. Many homes are replacing the traditional wooden almirah and cement-slab kitchen shelves with modular wardrobes and kitchens, often fitted by local carpenters.</p>
<h2>Service in Madurai</h2>
<p>Requests are received by our Chennai support desk, and a visit is scheduled within 3-5 business days, or within 24 hours on the Elite plan. Covered repairs, including parts and labour, cost you nothing.</p>`,
  },
  {
    name: "Tiruchirappalli",
    slug: "tiruchirappalli",
    state: "Tamil Nadu",
    tier: "tier2",
    content: `<h2>Interior warranty in Tiruchirappalli</h2>
<p>Tiruchirappalli, on the banks of the Kaveri, is one of the hottest cities in Tamil Nadu, with a dry summer that stretches from March to June and humid spells during the north-east monsoon. Homes close to the river and the delta feel more dampness in the wet months. Wardrobes on west-facing walls heat up through the afternoon, and over the years this weakens laminate adhesive and dries out wooden frames.</p>
<p>Typical homes are independent houses in areas such as Thillai Nagar, Srirangam and K.K. Nagar, along with the townships built around BHEL and the ordnance factory, and a steady number of new apartments near the bypass roads. Families often fit out one or two rooms at a time, which suits our Essential plan for wardrobes, hinges and laminates, with a move to Premium once the kitchen is done.</p>
<ul>
<li>Service visits scheduled within 3-5 business days</li>
<li>Elite plan holders receive 24-hour priority service</li>
<li>The warranty transfers with the home when you sell</li>
</ul>`,
  },
  {
    name: "Salem",
    slug: "salem",
    state: "Tamil Nadu",
    tier: "tier2",
    content: `<h2>Interior warranty in Salem</h2>
<p>Salem is ringed by hills, with the Shevaroys and Yercaud to the north, and has a hot, dry climate for much of the year, with moderate rain from both monsoons. The dry heat draws moisture out of solid wood and veneer, which can open small cracks in wardrobe shutters and loosen the joints of older frames. Hard water in many parts of the city leaves scale on kitchen sink fittings and stainless steel baskets.</p>
<p>Salem families mostly live in independent houses, often with a shop, workshop or rented portion on the ground floor, in areas such as Fairlands, Alagapuram and Hasthampatti. Modular kitchens and wardrobes are now a standard part of new construction, and local carpenters and interior firms do most of the work.</p>
<h2>How service works</h2>
<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days; Elite holders get 24-hour priority. For covered issues, parts and labour are free.</p>`,
  },
  {
    name: "Tirunelveli",
    slug: "tirunelveli",
    state: "Tamil Nadu",
    tier: "tier3",
    content: `<h2>Interiors in Tirunelveli</h2>
<p>Tirunelveli lies in the rain shadow of the Western Ghats, so the south-west monsoon largely passes it by; most of its rain comes with the north-east monsoon in October and November, sometimes in intense spells that swell the Thamirabarani. The rest of the year is hot and dry. Interiors here face long dry periods that shrink wood and loosen joints, followed by a short, very humid season when board edges and laminates absorb moisture.</p>
<p>Homes are predominantly independent houses in Palayamkottai, Perumalpuram, Vannarpettai and the newer layouts along the Madurai and Tiruchendur roads. Families tend to build for the long term and expect their interiors to last decades, which makes a ten-year Premium or Elite plan a natural fit.</p>
<ul>
<li>Visits within 3-5 business days of your request</li>
<li>24-hour priority on Elite</li>
<li>Zero-cost repairs for covered issues</li>
</ul>`,
  },
  {
    name: "Vellore",
    slug: "vellore",
    state: "Tamil Nadu",
    tier: "tier3",
    content: `<h2>Interior warranty in Vellore</h2>
<p>Vellore has some of the hottest summers in Tamil Nadu, with April and May temperatures that often cross 40°C, and rocky hills around the city that radiate heat late into the evening. Heat is the main enemy of fitted interiors here: laminate adhesive weakens on surfaces that face the sun, veneers dry out and crack, and the plastic parts of cheaper soft-close hinges become brittle.</p>
<p>The city's housing reflects its two big institutions, CMC and VIT: independent houses in Sathuvachari, Gandhi Nagar and Katpadi, and a large number of flats and houses let to doctors, students and the families of patients. Landlords fitting out rental homes find our Essential plan a practical way to keep wardrobes and hinges in order between tenants.</p>
<ul>
<li>Cover continues while your home is rented out</li>
<li>Service visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Covered repairs cost nothing, parts and labour included</li>
</ul>`,
  },
  {
    name: "Erode",
    slug: "erode",
    state: "Tamil Nadu",
    tier: "tier3",
    content: `<h2>Interior warranty in Erode</h2>
<p>Erode, near the meeting of the Kaveri and Bhavani rivers, is hot and fairly dry for most of the year, with moderate rain from the north-east monsoon. Homes near the rivers and the Lower Bhavani canals feel more dampness in the wet months. In Erode kitchens, which often cook for extended families, the most common problems are worn drawer channels, tired hinges around the hob and edge banding loosened by heat and steam.</p>
<p>The city's prosperity from turmeric, textiles and handloom trading shows in its housing: spacious independent houses, often with two or three generations under one roof, in areas such as Perundurai Road, Thindal and Surampatti. Interiors are usually built by trusted local carpenters, and families want them to last.</p>
<h2>Service in Erode</h2>
<p>Report a problem with a few photographs and we schedule a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>`,
  },
  {
    name: "Thoothukudi",
    slug: "thoothukudi",
    state: "Tamil Nadu",
    tier: "tier3",
    content: `<h2>Interiors in coastal Thoothukudi</h2>
<p>Thoothukudi is a port city with salt pans along its coast, and the salt-laden sea breeze is the biggest challenge for fitted interiors. Hinges, drawer channels, handles and kitchen baskets corrode noticeably faster here than inland, especially where the hardware is not of a good stainless grade. The climate is hot and dry for most of the year, with most of the rain arriving in short, heavy bursts during the north-east monsoon.</p>
<p>Homes are mainly independent houses in areas such as Millerpuram and along Palayamkottai Road, along with housing colonies built for port, power plant and factory staff. For families here, the quality of the hardware and regular upkeep matter even more than the choice of board.</p>
<ul>
<li>Hinges, channels and hardware covered on every plan</li>
<li>Annual inspection and hardware tune-up on Premium and Elite</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Hosur",
    slug: "hosur",
    state: "Tamil Nadu",
    tier: "tier3",
    content: `<h2>Interior warranty in Hosur</h2>
<p>Hosur sits on the Tamil Nadu–Karnataka border at close to 900 metres, so its climate is much nearer Bengaluru's than that of the Tamil Nadu plains: mild for most of the year, with cool winter nights and rain from both monsoons. Interiors age well in this climate, though homes left closed for long periods can develop musty wardrobes and stiff drawer channels.</p>
<p>Hosur's growth has come from its industrial estates, and many homes are apartments and row houses owned by people who work in manufacturing or commute to Electronic City. New gated communities along the Bagalur and Rayakottai roads are usually fitted out by interior firms from Bengaluru or from Hosur itself.</p>
<h2>How service works</h2>
<p>Your request goes to our support team, and a technician visits within 3-5 business days, or within 24 hours on Elite. Whether your interiors were built by a Bengaluru firm or a local carpenter, the cover is the same.</p>`,
  },
  {
    name: "Tiruppur",
    slug: "tiruppur",
    state: "Tamil Nadu",
    tier: "tier2",
    content: `<h2>Interiors in Tiruppur</h2>
<p>Tiruppur is hot and dry through much of the year, with modest rain from both monsoons. Homes here deal with dust and heat more than humidity: fine dust settles in sliding wardrobe tracks and drawer channels, wearing out rollers and ball bearings, and shutters on sun-facing walls have their laminates tested by the afternoon heat.</p>
<p>As India's knitwear capital, Tiruppur has many families who run a business from home or live above their units, in independent houses in areas such as Kumar Nagar and along Avinashi Road and Dharapuram Road. Newer homes and apartments are increasingly fitted with modular kitchens and full-height wardrobes built by interior firms from Tiruppur and Coimbatore.</p>
<ul>
<li>Hinges, channels, sliding tracks and laminates covered on every plan</li>
<li>Kitchens and lofts covered on Premium and Elite</li>
<li>Service visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Mysuru",
    slug: "mysuru",
    state: "Karnataka",
    tier: "tier2",
    content: `<h2>Interior warranty in Mysuru</h2>
<p>Mysuru's climate is mild and fairly dry, with moderate rain from June to November and cool winters. Woodwork generally ages gently here, but older homes with thick walls can hold moisture in the monsoon, and wardrobes against those walls may develop fungus or swollen back panels if they are not ventilated.</p>
<p>The city combines heritage houses in areas such as Lakshmipuram and Jayalakshmipuram with newer independent houses and villas in Vijayanagar, Kuvempunagar and along the Ring Road, and it attracts retirees and families moving from Bengaluru. Many of these homes mix traditional teak and rosewood furniture with new modular kitchens and wardrobes, and both deserve care.</p>
<h2>Service in Mysuru</h2>
<ul>
<li>Visits scheduled within 3-5 business days of your request</li>
<li>24-hour priority on Elite</li>
<li>Annual inspection on Premium and Elite to keep hinges and shutters aligned</li>
</ul>`,
  },
  {
    name: "Mangaluru",
    slug: "mangaluru",
    state: "Karnataka",
    tier: "tier2",
    content: `<h2>Protecting interiors in Mangaluru</h2>
<p>Mangaluru receives some of the heaviest rainfall of any Indian city, well over 3,000 mm a year, most of it during an intense south-west monsoon from June to September. Add the salt air of the Arabian Sea and humidity that stays high all year, and fitted interiors face some of the toughest conditions on the coast: swelling boards, lifting laminates, fungus in closed wardrobes and rusting hardware.</p>
<p>Homes range from traditional tiled-roof houses to apartments in Kadri, Bejai and Kankanady, and many families have members working in the Gulf, which means homes that stay locked for months at a time. Closed homes in a humid climate need regular airing and an inspection before the family returns.</p>
<ul>
<li>Choose BWP plywood or HDHMR for kitchens and wardrobes, with every edge sealed</li>
<li>Premium and Elite plans include an annual inspection visit</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Hubballi",
    slug: "hubballi",
    state: "Karnataka",
    tier: "tier2",
    content: `<h2>Interior warranty in Hubballi</h2>
<p>Hubballi and its twin city Dharwad sit on the dry plateau of north Karnataka, with hot summers, a moderate monsoon and cool, dry winters. The black cotton soil of the region swells and shrinks with moisture, which can crack the walls and floors of some buildings and, in turn, strain wall-fixed units and tall wardrobes. The dry months bring dust that gets into drawer channels and sliding tracks.</p>
<p>Most families live in independent houses in areas such as Vidyanagar, Gokul Road and Keshwapur, with apartments growing around the commercial centre. Interiors are increasingly modular, combining factory-made kitchens with wardrobes built on site.</p>
<h2>How claims work</h2>
<p>Register your interiors and report a problem when it appears. Our team assesses it and sends a technician within 3-5 business days, or within 24 hours on Elite, and covered repairs cost you nothing.</p>`,
  },
  {
    name: "Visakhapatnam",
    slug: "visakhapatnam",
    state: "Andhra Pradesh",
    tier: "tier2",
    content: `<h2>Interiors on the Visakhapatnam coast</h2>
<p>Visakhapatnam looks out over the Bay of Bengal, and the sea brings high humidity, salt-laden air and the risk of cyclones, as residents who lived through Hudhud in 2014 remember. Hinges and channels corrode faster in flats close to the Beach Road, board edges swell during the humid months from June to November, and wardrobes in sea-facing rooms benefit from a ventilation gap behind them.</p>
<p>The city's hilly terrain means most new homes are apartments on the slopes of areas such as MVP Colony, Madhurawada, Seethammadhara and Rushikonda, alongside independent houses in older neighbourhoods. Many households are the families of port, steel plant and naval staff who move on transfer, which makes a warranty that transfers with the home especially useful.</p>
<ul>
<li>Service visits within 3-5 business days</li>
<li>24-hour priority on the Elite plan</li>
<li>Flood damage is not covered, so keep home insurance alongside your warranty</li>
</ul>`,
  },
  {
    name: "Vijayawada",
    slug: "vijayawada",
    state: "Andhra Pradesh",
    tier: "tier2",
    content: `<h2>Interior warranty in Vijayawada</h2>
<p>Vijayawada, on the Krishna, is among the hottest cities in south India, with May temperatures that can approach 45°C, followed by a humid monsoon and a mild winter. The swing from very dry heat to humid months moves boards and veneers, which shows up as shutters that no longer close flush and hinges that work loose. Kitchens with long cooking hours add heat and steam on top of that.</p>
<p>Homes are mostly independent houses and apartments in areas such as Benz Circle, Labbipet, Gunadala and Patamata, with new apartment projects spreading towards Gollapudi and along the roads to Amaravati and Guntur. Many families are moving from older homes with masonry shelves to modular wardrobes and kitchens.</p>
<h2>Service in Vijayawada</h2>
<p>Report a problem online from your account, with a few photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours for Elite plan holders.</p>`,
  },
  {
    name: "Tirupati",
    slug: "tirupati",
    state: "Andhra Pradesh",
    tier: "tier3",
    content: `<h2>Interiors in Tirupati</h2>
<p>Tirupati sits at the foot of the Tirumala hills and has a hot, dry climate, with most of its rain arriving with the north-east monsoon between October and December. Dry heat through the summer shrinks solid wood and veneer and loosens the screws in hinges and handles, while the short rainy season brings sudden humidity that board edges soak up.</p>
<p>Alongside older independent houses, the city has grown quickly, with new apartments and gated layouts along the Renigunta and Tiruchanur roads and near its universities. Some homes belong to families who live in Chennai or Bengaluru and visit only occasionally, or who let them out, and they need interiors that stay in order between visits.</p>
<ul>
<li>Annual inspection on Premium and Elite, useful for homes you visit only occasionally</li>
<li>Service visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Cover continues when the home is rented out and transfers when it is sold</li>
</ul>`,
  },
  {
    name: "Warangal",
    slug: "warangal",
    state: "Telangana",
    tier: "tier3",
    content: `<h2>Interior warranty in Warangal</h2>
<p>Warangal has a hot, semi-arid climate, with summer temperatures that can cross 44°C, a moderate monsoon and short, mild winters. Long, dry summers are hard on woodwork: veneers and solid wood shrink, joints loosen, and laminate adhesive on sun-facing shutters weakens. Dust through the dry months wears drawer channels and sliding tracks.</p>
<p>Homes in Warangal, Hanamkonda and Kazipet are mostly independent houses, with apartments increasing near NIT Warangal, the universities and the main roads. Families here tend to build once and stay for a long time, so ten years of cover on kitchens and wardrobes makes more sense than a short guarantee from the maker.</p>
<h2>Service in Warangal</h2>
<p>Our support team receives your request, assesses it from the photographs you share, and schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>`,
  },
  {
    name: "Noida",
    slug: "noida",
    state: "Uttar Pradesh",
    tier: "tier2",
    content: `<h2>Interior warranty in Noida</h2>
<p>Noida shares Delhi's extreme climate: scorching, dusty summers, a humid monsoon in July and August, and cold, foggy winters. In high-rise flats, this cycle shows up as shutters that stick during the monsoon and gap in winter, veneers with hairline cracks, and dust packed into drawer channels and wardrobe tracks.</p>
<p>Most homes are apartments in large group housing societies across the sectors, along the Noida Expressway and in Greater Noida West. Many were handed over with a builder-grade kitchen and wardrobes that owners later replaced or extended, so one home often contains interiors from several makers. We register them all under one policy, with one point of contact for every claim.</p>
<ul>
<li>Service visits within 3-5 business days of your request</li>
<li>24-hour priority on Elite</li>
<li>Annual inspection on Premium and Elite, best booked before the monsoon</li>
</ul>`,
  },
  {
    name: "Lucknow",
    slug: "lucknow",
    state: "Uttar Pradesh",
    tier: "tier2",
    content: `<h2>Interiors in Lucknow</h2>
<p>Lucknow has hot summers, a humid monsoon from late June to September and genuinely cold winters with dense fog. The humid months are when laminates and edge banding are most likely to lift, and in winter, damp, closed rooms can leave wardrobes smelling musty. The hot, dry winds of May and June dry out veneers and solid wood.</p>
<p>Lucknow families often live in spacious independent houses and kothis in Gomti Nagar, Indira Nagar, Aliganj and Mahanagar, with apartment towers rising along Sultanpur Road and Shaheed Path. Interiors tend to be generous, with wall-to-wall wardrobes, large kitchens and veneer-finished panelling, and careful upkeep pays off.</p>
<h2>How service works</h2>
<p>Raise a request online from your account, with photos of the problem. Our team assesses it and a technician visits within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour cost nothing.</p>`,
  },
  {
    name: "Gurugram",
    slug: "gurugram",
    state: "Haryana",
    tier: "tier2",
    content: `<h2>Interior warranty in Gurugram</h2>
<p>Gurugram is hot and dry for much of the year, with peak summer temperatures above 45°C, dust storms before the monsoon, a short humid season and cold winters. Dust is a particular problem in a city with so much construction: it packs into drawer channels and sliding wardrobe tracks and wears out soft-close mechanisms. Large windows in high-rise flats also expose shutters to strong afternoon sun.</p>
<p>Homes range from the DLF phases and independent builder floors to high-rise condominiums along Golf Course Road, Sohna Road and the Dwarka Expressway. Interiors here often feature imported hardware, lacquered and acrylic shutters and walk-in wardrobes, which is where our Elite plan, with its 24-hour priority service, fits best.</p>
<ul>
<li>Premium hardware, veneers and high-gloss finishes covered against defects</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Transferable to the buyer when you sell</li>
</ul>`,
  },
  {
    name: "Faridabad",
    slug: "faridabad",
    state: "Haryana",
    tier: "tier2",
    content: `<h2>Interiors in Faridabad</h2>
<p>Faridabad has the same hard climate as the rest of the National Capital Region: summers above 45°C with dust storms, humidity in July and August, and cold winters. Boards and veneers move through this cycle, so shutters need re-aligning and hinges need tightening more often than in milder cities. Hard groundwater in many sectors leaves scale on kitchen sinks and baskets.</p>
<p>As an old industrial city, Faridabad has many families who have lived in the same independent house or builder floor in the older sectors for decades, alongside newer apartment projects in Greater Faridabad, also known as Neharpar. Renovations are common, with old built-in almirahs replaced by modular wardrobes and kitchens.</p>
<h2>Service in Faridabad</h2>
<p>Report a problem with a few photographs and our team assesses it, then schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost nothing.</p>`,
  },
  {
    name: "Chandigarh",
    slug: "chandigarh",
    state: "Punjab/Haryana",
    tier: "tier2",
    content: `<h2>Interior warranty in Chandigarh</h2>
<p>Chandigarh sees a wider range of temperatures than most Indian cities: hot summers above 40°C, a monsoon from July to September, and winters cold enough for heaters in the evenings. The seasonal swing in temperature and humidity makes solid wood and veneer expand and shrink, so hairline cracks, shutters that stick in the monsoon and hinges that loosen in winter are common complaints.</p>
<p>The planned sectors of Chandigarh are home to spacious kothis and government houses, and the tricity has grown with apartments and group housing in Mohali, Panchkula and Zirakpur. Families here often spend generously on interiors, with veneer-finished wardrobes, solid wood elements and large kitchens.</p>
<ul>
<li>Service visits within 3-5 business days of your request</li>
<li>24-hour priority on the Elite plan</li>
<li>Annual inspection on Premium and Elite to keep hinges and shutters aligned through the seasons</li>
</ul>`,
  },
  {
    name: "Jaipur",
    slug: "jaipur",
    state: "Rajasthan",
    tier: "tier2",
    content: `<h2>Interiors in Jaipur's dry heat</h2>
<p>Jaipur's climate is hot and semi-arid: summers regularly cross 44°C, the air is dry for most of the year, and the monsoon is short. Very low humidity draws moisture out of wood, so solid wood frames shrink, veneers crack along the grain, and laminate can lift where the adhesive dries out. Fine desert dust finds its way into drawer channels, sliding tracks and soft-close dampers, and is a common reason they stiffen.</p>
<p>Homes range from independent houses in Malviya Nagar, Vaishali Nagar and C-Scheme to newer apartments along Ajmer Road and in Jagatpura and Mansarovar. Many families combine traditional carved furniture with modern modular kitchens and wardrobes.</p>
<h2>Looking after interiors in Jaipur</h2>
<ul>
<li>Keep drawers and tracks wiped free of dust, and avoid oiling them</li>
<li>Premium and Elite plans include an annual inspection and hardware tune-up</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Udaipur",
    slug: "udaipur",
    state: "Rajasthan",
    tier: "tier3",
    content: `<h2>Interior warranty in Udaipur</h2>
<p>Udaipur's lakes and the Aravalli hills give it a slightly milder climate than the rest of Rajasthan, but summers are still hot and dry and the monsoon is short. Dry air shrinks wood and loosens the joints of wardrobes and kitchen frames, while homes close to the lakes feel more humidity in the monsoon months.</p>
<p>Alongside the havelis and independent houses of the old city, Udaipur has a growing number of villas and second homes on its outskirts, in areas such as Bhuwana and Shobhagpura and along the roads out of the city, many owned by families who live elsewhere. Homes that stay locked for long periods benefit from an inspection before use, when stiff channels and musty wardrobes are easily dealt with.</p>
<ul>
<li>Annual inspection on Premium and Elite plans</li>
<li>Service visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Covered repairs at no cost, parts and labour included</li>
</ul>`,
  },
  {
    name: "Kochi",
    slug: "kochi",
    state: "Kerala",
    tier: "tier2",
    content: `<h2>Protecting interiors in Kochi</h2>
<p>Kochi is humid all year, with heavy rain from the south-west monsoon between June and September and more from the north-east monsoon in October and November. The backwaters and the sea keep the air moist, so fungus in closed wardrobes, swelling board edges and rust on hinges and kitchen baskets are everyday concerns. The 2018 floods also taught many families the value of raising base units on water-resistant plinths.</p>
<p>Housing ranges from traditional independent homes to high-rise apartments in Kakkanad, Edappally, Vyttila and Panampilly Nagar. Many owners work abroad and their homes stay closed for long stretches, which makes an annual inspection visit especially useful.</p>
<ul>
<li>Choose BWP plywood or HDHMR, and make sure every edge is sealed</li>
<li>Annual inspection and hardware tune-up on Premium and Elite</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
<li>Flood damage is not covered by the warranty, so keep home insurance too</li>
</ul>`,
  },
  {
    name: "Thiruvananthapuram",
    slug: "thiruvananthapuram",
    state: "Kerala",
    tier: "tier2",
    content: `<h2>Interior warranty in Thiruvananthapuram</h2>
<p>Thiruvananthapuram gets rain from both monsoons, and with the Arabian Sea a few kilometres away, humidity stays high through the year. Interiors here need good materials and good habits: moisture-resistant boards, sealed edges, stainless steel hardware, and wardrobes that are opened and aired regularly. Homes near the coast, around Kovalam and Shanghumugham, also face salt air.</p>
<p>Most families live in independent houses, many with sloping roofs and deep verandas, in areas such as Kowdiar, Sasthamangalam and Pattom, while apartments have grown around Technopark in Kazhakoottam. Government and IT employees who move on transfer often rent out their homes, and our cover continues while a home is let.</p>
<h2>Service in Thiruvananthapuram</h2>
<p>Report a problem online from your account, and we schedule a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs, parts and labour are free.</p>`,
  },
  {
    name: "Puducherry",
    slug: "puducherry",
    state: "Puducherry",
    tier: "tier2",
    content: `<h2>Interiors in Puducherry</h2>
<p>Puducherry sits on the Bay of Bengal, a few hours down the coast from our Chennai office, and shares Chennai's humid, salty air and its north-east monsoon from October to December, occasionally with a cyclone. Hardware close to the sea rusts quickly, and heritage homes with thick lime-plastered walls can hold moisture that reaches the back panels of fitted wardrobes.</p>
<p>The city mixes restored homes in the French and Tamil quarters, where wardrobes and kitchens are often custom-built to fit old rooms, with independent houses and newer apartments in areas such as Lawspet and Reddiarpalayam and along the ECR. Many homes are also second homes or guest houses that need to stay presentable.</p>
<ul>
<li>Stainless steel hardware and sealed edges are a must near the coast</li>
<li>Annual inspection on Premium and Elite</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Nagpur",
    slug: "nagpur",
    state: "Maharashtra",
    tier: "tier2",
    content: `<h2>Interior warranty in Nagpur</h2>
<p>Nagpur, near the geographic centre of India, has some of the hottest summers of any large city, with May temperatures that can go past 45°C, followed by a heavy monsoon and a dry, cool winter. Extreme heat is tough on laminates and veneers, especially on wardrobes against sun-facing walls, and the shift to monsoon humidity makes shutters swell and bind.</p>
<p>Families in Nagpur typically live in independent houses and bungalows in areas such as Dharampeth, Ramdaspeth and Civil Lines, with apartments spreading along Wardha Road and towards MIHAN. Kitchens are busy and built for storage, and drawer channels carrying heavy vessels are the parts that wear soonest.</p>
<h2>How service works</h2>
<p>Raise a request with a few photographs and our team assesses it before scheduling a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost nothing.</p>`,
  },
  {
    name: "Indore",
    slug: "indore",
    state: "Madhya Pradesh",
    tier: "tier2",
    content: `<h2>Interiors in Indore</h2>
<p>Indore sits on the Malwa plateau, which gives it a milder climate than much of central India: hot but rarely extreme summers, a good monsoon from June to September, and cool, pleasant winters. Woodwork fares reasonably well here, though the humid monsoon months loosen edge banding and laminates that were not pressed properly, and the dry season brings dust into sliding tracks.</p>
<p>The city's growth has brought apartments and townships along AB Road, the Bypass Road and the Super Corridor, alongside independent houses in Vijay Nagar, Palasia and Saket Nagar. Many households are business families who invest in large kitchens and full-height wardrobes, often built by local interior firms.</p>
<ul>
<li>Hinges, channels, wardrobes and laminates covered on every plan</li>
<li>Modular kitchens, lofts and TV units covered on Premium and Elite</li>
<li>Visits within 3-5 business days; 24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Bhubaneswar",
    slug: "bhubaneswar",
    state: "Odisha",
    tier: "tier2",
    content: `<h2>Interior warranty in Bhubaneswar</h2>
<p>Bhubaneswar's climate is hot and humid, with a strong monsoon from June to September and the ever-present risk of cyclones from the Bay of Bengal, as Phailin in 2013 and Fani in 2019 showed. Humidity swells board edges and lifts laminates in the monsoon, while the heat of April and May is hard on veneers. A ventilation gap behind wardrobes on external walls makes a real difference.</p>
<p>Housing in the city is a mix of independent houses in the planned units and areas such as Saheed Nagar and Nayapalli, and newer apartments in Patia and Chandrasekharpur and along the road to Cuttack. Interiors are increasingly modular, and the city's interior firms are growing quickly.</p>
<ul>
<li>Defects from normal use are covered; water damage from flooding is outside the warranty</li>
<li>Visits within 3-5 business days of your request</li>
<li>24-hour priority on Elite</li>
</ul>`,
  },
  {
    name: "Surat",
    slug: "surat",
    state: "Gujarat",
    tier: "tier2",
    content: `<h2>Interiors in Surat</h2>
<p>Surat sits near the mouth of the Tapi, close to the Arabian Sea, and is humid for much of the year, with a heavy monsoon from June to September. Humidity and salt air corrode hinges and kitchen baskets, while board edges and laminates absorb moisture in the wet months. Low-lying areas near the river have seen flooding, so base units on water-resistant plinths are a sensible choice.</p>
<p>The diamond and textile trades have made Surat one of India's fastest-growing cities, and most families live in apartments in areas such as Adajan, Vesu, Pal and Piplod, with large joint-family homes in the older parts of the city. Kitchens are central to the home and built with plenty of drawers and tall units.</p>
<h2>Service in Surat</h2>
<p>Report a problem online from your account, with photos. Our team assesses it and schedules a visit within 3-5 business days, or within 24 hours on Elite. Covered repairs cost you nothing.</p>`,
  },
];
