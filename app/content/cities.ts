import { claims, site } from './site'
import type { City } from './types'
import { citySlugs, cityNames, type CitySlug } from './service-areas'

// Every fact was checked (2020 Census); what could not be confirmed was left out, not guessed.
type CityContent = Omit<City, 'slug' | 'name'>

const cityContent: Record<CitySlug, CityContent> = {
  orangevale: {
    title: 'Pressure Washing in Orangevale, CA',
    description:
      'Orangevale still feels like the orange colony it began as in the 1880s: rolling lots zoned for horses and orchards, long driveways and big oaks, a few minutes from Lake Natoma. We clean the barn aprons, arena dust, oak stains and stucco that come with that semi-rural life.',
    population: 'About 35,600 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95662'],
    landmarks: [
      'Orangevale Community Park and its equestrian trails',
      'Lake Natoma and the dredger-tailing cobble fields of Mississippi Bar',
      'The Greenback Lane and Hazel Avenue business corridors',
    ],
    neighborhoods: [
      'Horse properties along Oak and Filbert Avenues',
      'Main Avenue and Hazel Avenue',
      'Streets north of Greenback Lane toward the Placer County line',
      'Hillside lots above Lake Natoma with Sierra foothill views',
    ],
    homeTypes: [
      'Ranch homes on half-acre to one-acre lots',
      'Horse properties with barns, tack rooms and riding arenas',
      'Older homes on former orchard parcels',
      'Newer infill subdivisions with stucco and tile roofs',
    ],
    localConditions: [
      'Arena dust and hoof-tracked mud that cake onto barn aprons and driveways',
      'Mature valley and live oaks dropping leaves, acorns and catkins into gutters every fall and spring',
      'Long sun-baked driveways that bake oil stains in when July afternoons pass 100°F',
      'Reddish clay-gravel soil that splashes onto stucco and walkways during winter storms',
    ],
    commonServices: [
      {
        serviceId: 'driveway',
        note: 'Long gravel-edged driveways collect trailer tire marks and feed-truck oil; we degrease and surface-clean the full length, not just the part near the garage.',
      },
      {
        serviceId: 'deck-fence',
        note: 'Paddock fencing, wood gates and shaded backyard decks go gray fast under the oaks; a percarbonate wash and brightener brings the wood back before you restain.',
      },
      {
        serviceId: 'gutter',
        note: 'Oak-heavy lots fill gutters twice a year, so many Orangevale clients book us after the leaves drop and again when the catkins fall in spring.',
      },
      {
        serviceId: 'full-house',
        note: 'Soft washing lifts the red splash line and cobwebs from stucco without blasting water into older window frames.',
      },
    ],
    reasons: [
      'We are used to big lots: our rigs carry enough hose to reach a barn at the back of an acre parcel',
      `Call ${site.phone} and we answer the same day, seven days a week from ${site.hours.label}`,
      'We wash around horses calmly and keep chemicals away from water troughs and pasture',
      `${claims.licensed}, with a ${claims.guarantee} on every property`,
    ],
    seo: {
      title: 'Orangevale Pressure Washing & Soft Washing',
      description:
        'Pressure washing in Orangevale, CA for horse properties, long driveways, oak-stained decks and stucco homes. Same-day response and free estimates in 95662.',
      keywords: [
        'pressure washing Orangevale',
        'Orangevale house washing',
        'driveway cleaning 95662',
        'Orangevale gutter cleaning',
      ],
    },
  },

  'el-dorado-hills': {
    title: 'Pressure Washing in El Dorado Hills, CA',
    description:
      'El Dorado Hills grew from a 1960s master plan of hillside villages into neighborhoods like Serrano, Promontory and Blackstone, where paver motor courts, stone veneer and concrete tile roofs are the norm. Red foothill clay and strict HOA standards mean exterior surfaces here need careful, material-specific cleaning.',
    population: 'About 50,500 residents (2020 Census)',
    county: 'El Dorado',
    zipCodes: ['95762'],
    landmarks: [
      'El Dorado Hills Town Center on Latrobe Road',
      'The Folsom Lake shoreline on the community’s north edge',
      'Serrano Country Club',
      'Local roads that follow stretches of the 1860–61 Pony Express routes',
    ],
    neighborhoods: ['Serrano', 'Promontory', 'Blackstone', 'Lake Forest'],
    homeTypes: [
      'Large custom and semi-custom hillside homes',
      'Mediterranean and Tuscan-style stucco with concrete tile roofs',
      'Stone veneer entries, paver motor courts and pool decks',
      'Newer production homes south of U.S. 50',
    ],
    localConditions: [
      'Iron-rich red clay that washes onto pavers and light stucco and leaves orange staining',
      'Oak woodland on many lots, with leaf tannin stains on patios and pool coping',
      'Sprinkler overspray on steep lots that leaves white mineral spotting on stone and glass',
      'HOA architectural rules that expect tile roofs and driveways to look well kept',
    ],
    commonServices: [
      {
        serviceId: 'concrete-sealing',
        note: 'Paver motor courts and pool decks are the signature surface here; we remove clay staining and efflorescence, re-sand with polymeric sand and seal.',
      },
      {
        serviceId: 'roof',
        note: 'Concrete tile roofs on north-facing slopes grow algae and lichen; we soft-wash them and never walk or pressure-blast fragile tiles.',
      },
      {
        serviceId: 'full-house',
        note: 'Stone veneer, stucco and painted trim all sit side by side, so the soft-wash mix is adjusted wall by wall.',
      },
      {
        serviceId: 'patio',
        note: 'Travertine and flagstone around pools get low pressure and a pH-appropriate cleaner so the stone is not etched.',
      },
    ],
    reasons: [
      'We know HOA timelines: send us the violation letter and we schedule the fix before the deadline',
      'Material-matched methods for pavers, travertine, stone veneer and tile, never one pressure for everything',
      `${claims.yearsInBusiness} years washing foothill homes, ${claims.licensed.toLowerCase()}`,
      `A free estimate by phone at ${site.phone}, with a same-day reply`,
    ],
    seo: {
      title: 'El Dorado Hills Paver Sealing & House Washing',
      description:
        'Exterior cleaning in El Dorado Hills, CA: paver sealing, tile roof soft washing and red clay stain removal for Serrano, Promontory and Blackstone homes.',
      keywords: [
        'El Dorado Hills pressure washing',
        'paver sealing El Dorado Hills',
        'tile roof cleaning 95762',
        'Serrano house washing',
      ],
    },
  },

  loomis: {
    title: 'Pressure Washing in Loomis, CA',
    description:
      'Loomis incorporated in 1984 to keep its small-town character, and it shows: historic fruit sheds on Taylor Road, the Eggplant Festival every fall, and homes spread across the oak and granite country of the Loomis Basin. Acreage, outbuildings and well water make cleaning here a different job from a suburban lot.',
    population: 'About 6,800 residents (2020 Census)',
    county: 'Placer',
    zipCodes: ['95650'],
    landmarks: [
      'The High Hand and Blue Goose fruit packing sheds on Taylor Road',
      'The Loomis Eggplant Festival, held downtown each October',
      'Taylor Road, a segment of historic Highway 40',
      'Secret Ravine and Antelope Creek',
    ],
    neighborhoods: [
      'Downtown Loomis along Taylor Road',
      'Horseshoe Bar Road',
      'King Road',
      'Sierra de Montserrat estate lots off Barton Road',
      'Loomis Basin acreage',
    ],
    homeTypes: [
      'Custom homes on multi-acre parcels',
      'Farmhouses and ranch homes with barns and shops',
      'Gated estate homes',
      'Older cottages near the downtown rail line',
    ],
    localConditions: [
      'Decomposed granite driveways that track gritty, gold-colored dust onto porches and pavers',
      'Oaks and pines that drop sap, needles and leaves on roofs and decks',
      'Private wells on some parcels, where hard water leaves white spotting on stucco, stone and windows',
      'North slopes that stay damp all winter and grow moss on walks and roofs',
    ],
    commonServices: [
      {
        serviceId: 'deck-fence',
        note: 'Big wraparound decks and long runs of ranch fencing are common; we clean wood at low pressure and brighten it for stain.',
      },
      {
        serviceId: 'full-house',
        note: 'We pre-treat the white well-water rings on walls before soft washing so they do not stay behind after the algae is gone.',
      },
      {
        serviceId: 'commercial',
        note: 'Storefronts and walks along Taylor Road get early-morning cleaning before shops open.',
      },
      {
        serviceId: 'roof',
        note: 'Pine sap and moss on shaded roofs come off with a soft wash instead of pressure that would strip granules.',
      },
    ],
    reasons: [
      'We ask about your well before we start and pace a long wash so the pump and tank keep up',
      'Outbuildings, barns and shops can be added to a house wash on the same visit',
      `Same-day response at ${site.phone}, and free estimates on any size parcel`,
      `Every job carries our ${claims.guarantee}`,
    ],
    seo: {
      title: 'Loomis Pressure Washing for Homes on Acreage',
      description:
        'Pressure washing in Loomis, CA for acreage homes, barns, decks and Taylor Road storefronts. Hard water spots and DG dust removed. Free estimates in 95650.',
      keywords: [
        'pressure washing Loomis',
        'Loomis deck cleaning',
        'house washing 95650',
        'Loomis Basin exterior cleaning',
      ],
    },
  },

  'granite-bay': {
    title: 'Pressure Washing in Granite Bay, CA',
    description:
      'Granite Bay takes its name from a bay of Folsom Lake, and the whole community sits on the granite of the Penryn Pluton. Large custom homes on acre-plus lots, long exposed-aggregate driveways and paver motor courts are what we clean most here.',
    population: 'About 21,200 residents (2020 Census)',
    county: 'Placer',
    zipCodes: ['95746'],
    landmarks: [
      'Folsom Lake State Recreation Area at Granite Bay and Beals Point',
      'Granite Bay High School',
      'Douglas Boulevard',
      'Granite Bay Golf Club',
    ],
    neighborhoods: [
      'Granite Bay Golf Club area',
      'Eureka Road',
      'Cavitt-Stallman Road',
      'Barton Road acreage',
      'Auburn-Folsom Road corridor',
    ],
    homeTypes: [
      'Custom estate homes on one- to five-acre lots',
      'Gated enclaves with shared private roads',
      'Exposed-aggregate and stamped concrete driveways, paver motor courts and pool decks',
      'Equestrian properties with arenas and barns',
    ],
    localConditions: [
      'Granite boulders and decomposed granite soil that leave fine grit and stains on flatwork',
      'Oak and pine canopy dripping sap and tannins onto pavers and outdoor furniture',
      'Gusty fall north winds that pack leaves and pine needles into gutters and roof valleys',
      'Summer afternoons above 100°F that fade unsealed colored concrete',
    ],
    commonServices: [
      {
        serviceId: 'concrete-sealing',
        note: 'Exposed-aggregate and paver driveways run hundreds of feet; sealing them keeps oil, tannins and UV from dulling the stone.',
      },
      {
        serviceId: 'driveway',
        note: 'Long driveways get a surface cleaner for the full run, plus rust treatment where sprinklers hit the concrete.',
      },
      {
        serviceId: 'gutter',
        note: 'Pine needles mat in gutters and valleys; we clear and flush them before the first rains and again in spring.',
      },
      {
        serviceId: 'roof',
        note: 'Slate-look and concrete tile roofs are soft-washed from ladders and roof edges, with tiles checked as we go.',
      },
    ],
    reasons: [
      'Crews sized for estate properties, so a full house, motor court and pool deck are done in one visit',
      'Careful with high-end finishes: travertine, slate, natural stone and custom paint',
      `Reach us at ${site.phone} any day from ${site.hours.label}; we reply the same day`,
      `${claims.licensed}, with certificates available for gated-community access`,
      `Free estimates and a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Granite Bay Driveway, Paver & House Washing',
      description:
        'Exterior cleaning in Granite Bay, CA for estate homes: long driveway and paver sealing, soft-wash house and tile roof cleaning, gutter clearing in 95746.',
      keywords: [
        'Granite Bay pressure washing',
        'paver sealing Granite Bay',
        'driveway cleaning 95746',
        'Granite Bay roof cleaning',
      ],
    },
  },

  roseville: {
    title: 'Pressure Washing in Roseville, CA',
    description:
      'Roseville is Placer County’s largest city, a railroad town that grew into master-planned neighborhoods from Woodcreek Oaks to Westpark and Fiddyment Farm. Most homes here are stucco with concrete tile roofs under HOA rules, and we keep them looking the way the HOA expects.',
    population: 'About 147,800 residents (2020 Census)',
    county: 'Placer',
    zipCodes: ['95661', '95678', '95747'],
    landmarks: [
      'Westfield Galleria at Roseville',
      'Maidu Regional Park and the Maidu Museum & Historic Site',
      'The Fountains at Roseville',
      'Royer Park along Dry Creek in downtown',
      'The Union Pacific rail yard at the heart of Roseville’s railroad history',
    ],
    neighborhoods: [
      'Westpark',
      'Fiddyment Farm',
      'Sun City Roseville',
      'Woodcreek Oaks',
      'Stoneridge',
      'Diamond Oaks',
      'Old Roseville near Vernon Street',
    ],
    homeTypes: [
      'Two-story stucco tract homes with concrete tile roofs, built from the 1990s on',
      'Single-story homes in the Sun City Roseville active-adult community',
      'Early-1900s bungalows in Old Roseville',
      'Newer construction in the west Roseville specific plan areas',
    ],
    localConditions: [
      'Construction dust from ongoing building in west Roseville settling on new stucco and windows',
      'Orange rust rings on driveways from fertilizer pellets and irrigation',
      'HOA notices for stained driveways, dirty tile roofs and mildewed fences',
      'Dry Creek corridor oaks and street trees dropping pollen and leaf litter each spring',
    ],
    commonServices: [
      {
        serviceId: 'driveway',
        note: 'Fertilizer rust spots are the number-one request here; we treat them with a rust remover, then surface-clean the whole slab for even color.',
      },
      {
        serviceId: 'full-house',
        note: 'Two-story stucco gets a low-pressure soft wash from the ground, without ladders leaning on fresh paint.',
      },
      {
        serviceId: 'roof',
        note: 'Concrete tile roofs collect black algae on the north side; soft washing clears it without cracking tiles.',
      },
      {
        serviceId: 'commercial',
        note: 'Retail and office sidewalks around the Galleria area are cleaned after hours, with gum removal by hot water.',
      },
    ],
    reasons: [
      'We work to HOA deadlines and can send before-and-after photos for your management company',
      'Quiet, early-finish scheduling for Sun City Roseville homes',
      `Same-day reply at ${site.phone}, seven days a week`,
      `${claims.licensed}; ${claims.yearsInBusiness} years serving Placer County`,
    ],
    seo: {
      title: 'Roseville Pressure Washing & Rust Stain Removal',
      description:
        'Pressure washing in Roseville, CA: fertilizer rust removal, soft-wash stucco, tile roof cleaning and HOA-ready driveways from Westpark to Sun City Roseville.',
      keywords: [
        'pressure washing Roseville',
        'Roseville driveway cleaning',
        'rust stain removal Roseville',
        'Roseville house washing',
      ],
    },
  },

  'west-sacramento': {
    title: 'Pressure Washing in West Sacramento, CA',
    description:
      'Across the Tower Bridge in Yolo County, West Sacramento mixes older river neighborhoods in Broderick and Bryte with newer Southport subdivisions and Bridge District townhomes. River humidity, the evening Delta breeze and port-side grime each leave their own marks on homes and storefronts here.',
    population: 'About 53,900 residents (2020 Census)',
    county: 'Yolo',
    zipCodes: ['95605', '95691'],
    landmarks: [
      'Sutter Health Park, home of the River Cats',
      'The West Sacramento River Walk',
      'The Tower Bridge to Old Sacramento',
      'The Port of West Sacramento and its deepwater ship channel',
      'The Ziggurat building on the riverfront',
    ],
    neighborhoods: ['Broderick', 'Bryte', 'Southport', 'The Bridge District', 'Washington'],
    homeTypes: [
      'Early and mid-century cottages and bungalows in Broderick and Bryte',
      'Stucco subdivisions in Southport built from the 1990s onward',
      'Townhomes, condos and mid-rise apartments in the Bridge District',
      'Warehouses and industrial buildings near the port',
    ],
    localConditions: [
      'Damp river air that feeds green algae on north walls, fences and shaded sidewalks',
      'Insects drawn to the river that bring heavy spider webbing to eaves and porch lights',
      'Fine dust and diesel film from port, rail and freeway traffic on nearby buildings',
      'Dense winter tule fog that keeps roofs and flatwork wet for days',
    ],
    commonServices: [
      {
        serviceId: 'full-house',
        note: 'Soft washing kills the green film that grows on shaded river-side walls and clears webs from every eave.',
      },
      {
        serviceId: 'commercial',
        note: 'Warehouses, loading docks and Bridge District storefronts get hot-water cleaning for diesel soot and grease.',
      },
      {
        serviceId: 'deck-fence',
        note: 'Wood fences in Southport backyards turn green on the shady side; a wood cleaner and brightener restores them.',
      },
      {
        serviceId: 'patio',
        note: 'Algae makes shaded patios slick in the damp months; we clean and post-treat them so they stay safe longer.',
      },
    ],
    reasons: [
      'Used to the narrow lots, alleys and tight parking of the older Broderick and Bryte blocks',
      'Wash water kept out of storm drains that lead to the Sacramento River',
      `Call ${site.phone} for a same-day response and a free estimate`,
      `${claims.licensed}, serving homes, HOAs and businesses on both sides of the river`,
    ],
    seo: {
      title: 'West Sacramento House Washing & Commercial Cleaning',
      description:
        'Pressure washing in West Sacramento, CA: algae removal for riverside homes, Southport fences, Bridge District storefronts and port buildings in Yolo County.',
      keywords: [
        'pressure washing West Sacramento',
        'West Sacramento house washing',
        'Southport fence cleaning',
        'commercial cleaning 95691',
      ],
    },
  },

  'foothill-farms': {
    title: 'Pressure Washing in Foothill Farms, CA',
    description:
      'Foothill Farms is a compact, unincorporated community in the 95841 and 95842 ZIP codes, part of the larger North Highlands–Foothill Farms area. Its streets are lined with single-story ranch homes, duplexes and apartment buildings whose concrete, stucco and composition roofs have seen decades of valley sun.',
    population: 'About 35,800 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95841', '95842'],
    landmarks: [
      'Cabana Park on Fremont Circle, site of the old Foothill Farms Cabana Swim Club',
      'Walerga Road',
      'Sunrise Recreation and Park District neighborhood parks',
      'McClellan Park, a short drive west',
    ],
    neighborhoods: ['Old Foothill Farms', 'Streets around Fremont Circle', 'The Walerga Road corridor'],
    homeTypes: [
      'Single-story ranch homes with attached two-car garages',
      'Duplexes and small rental properties',
      'Apartment and condominium complexes',
    ],
    localConditions: [
      'Flat, heavy clay lots where water pools on patios and walkways and grows algae',
      'Driveways carrying decades of oil drips and tire marks',
      'Composition shingle roofs with black algae streaks on the north slope',
      'Winter tule fog that keeps shaded concrete damp and slippery',
    ],
    commonServices: [
      {
        serviceId: 'driveway',
        note: 'Older driveways here often have years of oil soaked in; degreaser and hot water lift far more of it than a rental pressure washer.',
      },
      {
        serviceId: 'full-house',
        note: 'A soft wash is a quick, affordable refresh for ranch-home stucco and siding before a sale or a new tenant.',
      },
      {
        serviceId: 'commercial',
        note: 'Apartment breezeways, stairs and dumpster pads get scheduled cleanings for owners and property managers.',
      },
    ],
    reasons: [
      'Move-out and pre-listing cleanings for landlords, with photos for your records',
      `One call to ${site.phone} gets a same-day answer and a free estimate`,
      'Clear, written scope before we start, with no surprise add-ons',
      `${claims.licensed} and backed by a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Foothill Farms Pressure Washing | 95841 & 95842',
      description:
        'Pressure washing in Foothill Farms, CA: oil-stained driveways, ranch-home soft washing and apartment breezeway cleaning for owners and landlords in 95841-95842.',
      keywords: [
        'pressure washing Foothill Farms',
        'driveway cleaning 95842',
        'Foothill Farms house washing',
        'apartment pressure washing 95841',
      ],
    },
  },

  rosemont: {
    title: 'Pressure Washing in Rosemont, CA',
    description:
      'Rosemont was orchards, turkey ranches and strawberry fields until the Rosemont Development Company built its first planned neighborhood just east of Manlove Road. Today the community between Watt Avenue, Bradshaw Road, Folsom Boulevard and Jackson Road is mostly single-story homes on quiet streets near the Gold Line.',
    population: 'About 23,500 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95826', '95827'],
    landmarks: [
      'Rosemont High School on Kiefer Boulevard',
      'Rosemont Plaza shopping center',
      'The Watt/Manlove light rail station on the Gold Line',
      'Mather Field, just to the east',
    ],
    neighborhoods: [
      'The original Rosemont tracts east of Manlove Road',
      'Neighborhoods along Kiefer Boulevard',
      'Streets between Folsom Boulevard and Jackson Road',
    ],
    homeTypes: [
      '1960s and 1970s single-story ranch homes',
      'Later tract homes with stucco and wood trim',
      'Apartment complexes near the main boulevards',
    ],
    localConditions: [
      'Sixty-year-old concrete driveways and patios with deep, set-in stains',
      'Valley heat above 100°F that bakes oil and sap into flatwork',
      'Mature street and yard trees shading roofs and keeping moss alive on the north side',
      'Wood fences weathered gray by decades of sun and winter rain',
    ],
    commonServices: [
      {
        serviceId: 'driveway',
        note: 'Original-era driveways respond well to a degreaser and surface clean, and we tell you honestly which stains are permanent.',
      },
      {
        serviceId: 'roof',
        note: 'Shaded composition roofs get a soft wash to clear moss and black streaks without lifting old shingles.',
      },
      {
        serviceId: 'deck-fence',
        note: 'Gray redwood fences come back to a warm color with a wood cleaner and brightener, ready for a fresh stain.',
      },
      {
        serviceId: 'gutter',
        note: 'Tree-lined lots here fill gutters in fall; we hand-clear and flush them before the winter storms.',
      },
    ],
    reasons: [
      'Gentle methods for original-era stucco, siding and roofs',
      `${claims.sameDayResponse} when you call ${site.phone}`,
      'Honest assessments of what cleaning can and cannot remove from old concrete',
      `${claims.yearsInBusiness} years of experience and a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Rosemont Pressure Washing & Roof Soft Washing',
      description:
        'Pressure washing in Rosemont, CA for 1960s ranch homes: driveway degreasing, roof moss removal, fence restoration and gutter clearing in 95826 and 95827.',
      keywords: [
        'pressure washing Rosemont',
        'Rosemont driveway cleaning',
        'roof cleaning 95827',
        'Rosemont fence cleaning',
      ],
    },
  },

  rocklin: {
    title: 'Pressure Washing in Rocklin, CA',
    description:
      'Rocklin was built on granite: stone cut here from the 1860s on went into the State Capitol, and the seven-story-deep Big Gun Quarry downtown is now Quarry Park. The city’s newer side, from Stanford Ranch to Whitney Ranch, is stucco and tile on rolling oak-dotted hills.',
    population: 'About 71,600 residents (2020 Census)',
    county: 'Placer',
    zipCodes: ['95677', '95765'],
    landmarks: [
      'Quarry Park Adventures in the historic Big Gun Quarry',
      'Sierra College',
      'William Jessup University',
      'Johnson-Springview Park',
      'The amphitheater stage at Quarry Park downtown',
    ],
    neighborhoods: [
      'Stanford Ranch',
      'Whitney Oaks',
      'Whitney Ranch',
      'Sunset Whitney',
      'Downtown Rocklin along Pacific Street',
    ],
    homeTypes: [
      'Stucco tract homes with concrete tile roofs from the 1980s through today',
      'Golf-course custom homes in Whitney Oaks',
      'New two-story homes in Whitney Ranch',
      'Older homes near the downtown rail line',
    ],
    localConditions: [
      'Granite outcrops and decomposed granite that leave gritty tan stains on pavers and walks',
      'Oak-covered slopes shedding leaves, catkins and pollen onto roofs and decks',
      'Dust from new construction in the northwest of the city',
      'Irrigation runoff on sloped lots leaving mineral and rust streaks on curbs and driveways',
    ],
    commonServices: [
      {
        serviceId: 'full-house',
        note: 'Two-story stucco in Stanford Ranch and Whitney Ranch is soft-washed from the ground to remove dust and spider webs.',
      },
      {
        serviceId: 'concrete-sealing',
        note: 'Pavers and stamped patios on sloped yards lose joint sand quickly; we re-sand and seal them to hold together.',
      },
      {
        serviceId: 'roof',
        note: 'Tile roofs under oak canopies get a soft wash for algae and lichen instead of pressure.',
      },
      {
        serviceId: 'driveway',
        note: 'Rust and mineral streaks from sprinkler runoff are pre-treated before we clean the whole driveway for even color.',
      },
    ],
    reasons: [
      'Experience with the HOA rules in Rocklin’s planned neighborhoods',
      'Pressure chosen for each surface, from granite to tile to fresh stucco',
      `${claims.licensed}; call ${site.phone} for a same-day reply`,
      `Free estimates and a ${claims.guarantee} on every job`,
    ],
    seo: {
      title: 'Rocklin Pressure Washing, Paver Sealing & Roofs',
      description:
        'Pressure washing in Rocklin, CA: soft-wash stucco, tile roof cleaning, paver sealing and driveway rust removal from Stanford Ranch to Whitney Ranch.',
      keywords: ['pressure washing Rocklin', 'Rocklin house washing', 'paver sealing Rocklin', 'roof cleaning 95765'],
    },
  },

  'rio-linda': {
    title: 'Pressure Washing in Rio Linda, CA',
    description:
      'Rio Linda began in 1912 as fruit-land lots cut from Rancho Del Paso, and it spent decades as one of California’s egg-producing communities. It is still rural at heart, with big parcels, barns, coops and shops, and hardpan soil that keeps rainwater sitting on the surface.',
    population: 'About 15,900 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95673'],
    landmarks: [
      'The Sacramento Northern Bike Trail, which runs through town on the old interurban rail line',
      'Depot Park',
      'Rio Linda Central Park',
      'Dry Creek',
    ],
    neighborhoods: [
      'Central Rio Linda around Front and M Streets',
      'The Rio Linda Boulevard corridor',
      'Rural parcels toward Elverta Road',
      'Homes along Dry Creek',
    ],
    homeTypes: [
      'Ranch homes on large rural lots',
      'Manufactured homes',
      'Barns, shops, coops and detached garages',
      'Horse properties with fenced pastures',
    ],
    localConditions: [
      'Hardpan clay soil that lets water pond on patios and driveways, feeding algae and mud stains',
      'Dust from unpaved drives, pastures and nearby farm fields, especially at harvest',
      'Well water whose minerals leave white spots where sprinklers hit walls and windows',
      'Equipment and vehicle oil on shop floors, aprons and gravel-edged driveways',
    ],
    commonServices: [
      {
        serviceId: 'commercial',
        note: 'Shop floors, equipment pads and small business lots get hot-water degreasing for oil and grease.',
      },
      {
        serviceId: 'full-house',
        note: 'Field dust and well-water spotting come off siding and manufactured-home skirting with a soft wash.',
      },
      {
        serviceId: 'deck-fence',
        note: 'Board fences and pole-barn siding are cleaned at low pressure so aged wood is not splintered.',
      },
      {
        serviceId: 'patio',
        note: 'Patios where water stands after rain are cleaned and post-treated so the green slime stays away longer.',
      },
    ],
    reasons: [
      'No job too spread out: house, barn, shop and coop can be washed in one visit',
      'We carry extra hose for long runs to back buildings and pace the wash to what your well can supply',
      `Call ${site.phone} and we answer the same day, with a free estimate`,
      `${claims.licensed}, ${claims.yearsInBusiness} years in the business`,
    ],
    seo: {
      title: 'Rio Linda Pressure Washing for Homes, Barns & Shops',
      description:
        'Pressure washing in Rio Linda, CA for rural lots: houses, barns, shops and fences cleaned, dust and well-water spots removed. Same-day response in 95673.',
      keywords: [
        'pressure washing Rio Linda',
        'Rio Linda house washing',
        'barn washing 95673',
        'shop floor degreasing Rio Linda',
      ],
    },
  },

  'rancho-cordova': {
    title: 'Pressure Washing in Rancho Cordova, CA',
    description:
      'Rancho Cordova, a city only since 2003, takes its name from the old Cordova Vineyard and grew up around Mather Air Force Base and the Aerojet plant. Its housing runs from 1950s and 1960s ranch homes in the older neighborhoods to brand-new subdivisions like Anatolia and Sunridge.',
    population: 'About 79,300 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95670', '95742'],
    landmarks: [
      'Hagan Community Park',
      'Mather Regional Park and Sacramento Mather Airport',
      'The American River Parkway',
      'Sacramento Children’s Museum',
      'Gold Line light rail along Folsom Boulevard',
    ],
    neighborhoods: ['Anatolia', 'Sunridge', 'Capital Village', 'Villages of Zinfandel', 'Lincoln Village'],
    homeTypes: [
      'Mid-century ranch homes in the older Cordova neighborhoods',
      'Two-story stucco homes in newer subdivisions',
      'Townhomes and apartment communities',
      'Office parks and light-industrial buildings',
    ],
    localConditions: [
      'Construction dust from the city’s growing southern neighborhoods coating new homes and windows',
      'Clay soils and flat lots where sprinklers leave rust and mineral rings on concrete',
      'Summer heat that regularly tops 100°F and fades unsealed concrete and fences',
      'Mature trees in the older neighborhoods filling gutters and shading roofs',
    ],
    commonServices: [
      {
        serviceId: 'full-house',
        note: 'New-construction dust and webs settle on two-story stucco in the newer subdivisions; a soft wash clears them without harming fresh paint.',
      },
      {
        serviceId: 'commercial',
        note: 'Office parks and retail along the city’s business corridors get after-hours sidewalk and entry cleaning.',
      },
      {
        serviceId: 'driveway',
        note: 'Older driveways in the original Cordova neighborhoods get degreased and surface-cleaned for an even finish.',
      },
      {
        serviceId: 'concrete-sealing',
        note: 'New homeowners often seal fresh patios and driveways early to keep them looking new in the heat.',
      },
    ],
    reasons: [
      'Both sides of the city covered: the older Cordova neighborhoods and the newest subdivisions',
      'Commercial crews available for business parks, with evening scheduling',
      `${claims.sameDayResponse} at ${site.phone}`,
      `${claims.licensed} and backed by a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Rancho Cordova Pressure Washing & Concrete Sealing',
      description:
        'Pressure washing in Rancho Cordova, CA: soft-wash homes in Anatolia and Sunridge, driveway degreasing, concrete sealing and after-hours commercial cleaning.',
      keywords: [
        'pressure washing Rancho Cordova',
        'Rancho Cordova house washing',
        'concrete sealing 95742',
        'commercial pressure washing Rancho Cordova',
      ],
    },
  },

  carmichael: {
    title: 'Pressure Washing in Carmichael, CA',
    description:
      'Daniel Carmichael laid out his first colony here in 1909, and the community still has the big lots and tall trees to show for it. Mid-century ranch homes sit under a heavy oak canopy, with custom homes on the bluffs above the American River Parkway.',
    population: 'About 79,800 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95608'],
    landmarks: [
      'Carmichael Park',
      'Ancil Hoffman Park and the Effie Yeaw Nature Center',
      'Jensen Botanical Garden',
      'The American River Parkway and bike trail',
    ],
    neighborhoods: [
      'Del Dayo',
      'The Fair Oaks Boulevard corridor',
      'Streets near Ancil Hoffman Park',
      'Neighborhoods around Carmichael Park',
    ],
    homeTypes: [
      '1950s and 1960s ranch homes on large lots',
      'Mid-century homes with low-slope roofs and wide eaves',
      'Custom homes on the American River bluffs',
      'Older apartment and duplex buildings',
    ],
    localConditions: [
      'A dense valley oak canopy dropping leaves, acorns and catkins most of the year',
      'Deep shade that keeps moss and algae growing on north-facing roofs and walks',
      'Heavy spring oak pollen that coats cars, patios and window sills',
      'Old concrete lifted and cracked by tree roots, trapping dirt in every seam',
    ],
    commonServices: [
      {
        serviceId: 'roof',
        note: 'Moss on shaded roofs is the top request here; a soft wash kills it at the root without lifting shingles.',
      },
      {
        serviceId: 'gutter',
        note: 'Oak debris clogs gutters fast; many Carmichael clients book a fall and a spring clean-out.',
      },
      {
        serviceId: 'patio',
        note: 'Acorn and leaf tannin stains on patios come out with an oxidizing pre-treatment before low-pressure cleaning.',
      },
      {
        serviceId: 'full-house',
        note: 'Mid-century siding and trim are soft-washed gently to avoid forcing water into older window frames.',
      },
    ],
    reasons: [
      'We understand older homes: gentle on original siding, single-pane windows and low-slope roofs',
      'Tree-debris specialists for gutters, roofs and patios under heavy oak cover',
      `Same-day response at ${site.phone}, ${site.hours.days} from ${site.hours.label}`,
      `${claims.licensed}, with a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Carmichael Roof Moss Removal & Pressure Washing',
      description:
        'Pressure washing in Carmichael, CA under the oaks: roof moss removal, gutter clearing, patio tannin stains and gentle washing for mid-century homes in 95608.',
      keywords: [
        'pressure washing Carmichael',
        'Carmichael roof cleaning',
        'moss removal 95608',
        'Carmichael gutter cleaning',
      ],
    },
  },

  folsom: {
    title: 'Pressure Washing in Folsom, CA',
    description:
      'Folsom sits between Folsom Lake and Lake Natoma, with Gold Rush storefronts on Sutter Street and new neighborhoods climbing the hills south of U.S. 50 toward Carpenter Hill, the highest point in Sacramento County. Stucco, stone and tile homes here face red foothill soil, summer heat and lakeside bugs.',
    population: 'About 80,500 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95630'],
    landmarks: [
      'Folsom Lake',
      'Historic Folsom and Sutter Street',
      'Lake Natoma',
      'Folsom Powerhouse State Historic Park',
      'Palladio at Broadstone',
      'Folsom Prison and the Johnny Cash Trail',
    ],
    neighborhoods: [
      'Empire Ranch',
      'Broadstone',
      'American River Canyon',
      'Briggs Ranch',
      'Natoma Station',
      'Folsom Ranch',
    ],
    homeTypes: [
      'Stucco homes with concrete tile roofs from the 1980s and 1990s',
      'Larger semi-custom and custom homes in Empire Ranch and American River Canyon',
      'New construction in Folsom Ranch south of U.S. 50',
      'Historic homes and storefronts near Sutter Street',
    ],
    localConditions: [
      'Red clay and decomposed granite that stain light concrete and stucco after rain',
      'Insects and spiders around the lakes that web eaves, lights and window frames',
      'Summer heat over 100°F that bakes sprinkler minerals onto walls and glass',
      'Dust from new building south of U.S. 50 settling on fresh exteriors',
    ],
    commonServices: [
      {
        serviceId: 'full-house',
        note: 'Soft washing removes red clay splash lines and webbing from stucco and stone veneer without damaging paint.',
      },
      {
        serviceId: 'concrete-sealing',
        note: 'Paver and stamped concrete patios are sealed after cleaning to resist clay stains and UV fade.',
      },
      {
        serviceId: 'roof',
        note: 'Tile roofs shaded by oaks in American River Canyon get a soft wash for black algae and lichen.',
      },
      {
        serviceId: 'commercial',
        note: 'Sutter Street storefronts and sidewalks are cleaned early, before shops and restaurants open.',
      },
    ],
    reasons: [
      'We work all over Folsom, from historic Sutter Street to the newest streets in Folsom Ranch',
      'HOA-ready results with photos for Empire Ranch and Broadstone associations',
      `Call ${site.phone} for a same-day response and a free estimate`,
      `${claims.licensed}, with ${claims.yearsInBusiness} years of experience and a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Folsom Pressure Washing, House & Paver Cleaning',
      description:
        'Pressure washing in Folsom, CA: soft-wash stucco, red clay stain removal, paver sealing, tile roof cleaning and Sutter Street storefront cleaning in 95630.',
      keywords: ['pressure washing Folsom', 'Folsom house washing', 'paver sealing Folsom', 'Folsom roof cleaning'],
    },
  },

  'north-highlands': {
    title: 'Pressure Washing in North Highlands, CA',
    description:
      'North Highlands grew up beside McClellan Air Force Base, whose workers filled its grid of modest mid-century homes; since the base closed in 2001 the site has become McClellan Park, a business park and airport. Many of those original homes, driveways and fences are now more than sixty years old.',
    population: 'About 49,300 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95660'],
    landmarks: [
      'McClellan Park, the former McClellan Air Force Base',
      'The Aerospace Museum of California',
      'Sacramento McClellan Airport',
      'Highlands High School',
    ],
    neighborhoods: [
      'Streets along Watt Avenue',
      'The Elkhorn Boulevard area',
      'Neighborhoods off Walerga Road',
      'Homes near McClellan Park',
    ],
    homeTypes: [
      'Mid-century single-story homes on a regular street grid',
      'Later ranch and tract homes',
      'Duplexes and apartment buildings',
      'Industrial and warehouse buildings around McClellan Park',
    ],
    localConditions: [
      'Decades-old driveways with oil from work trucks and project cars',
      'Hot, dry summers that fade fences and bake grime into stucco',
      'Dust blowing in from open lots and industrial areas',
      'North-side algae on older composition roofs and shaded walks in the foggy months',
    ],
    commonServices: [
      {
        serviceId: 'driveway',
        note: 'Heavy oil from work trucks is common here; we degrease with hot water and a surface cleaner.',
      },
      {
        serviceId: 'commercial',
        note: 'Warehouses and businesses around McClellan Park get loading-dock, sidewalk and facade cleaning.',
      },
      {
        serviceId: 'full-house',
        note: 'A soft wash refreshes older stucco and siding before painting, selling or renting.',
      },
      {
        serviceId: 'deck-fence',
        note: 'Sun-bleached wood fences are cleaned and brightened so they can take a new stain.',
      },
    ],
    reasons: [
      'Straightforward free estimates with no pressure to upsell',
      'Rental turnovers and pre-sale cleanings done quickly for landlords and agents',
      `${claims.sameDayResponse}: call ${site.phone}`,
      `${claims.licensed} and backed by a ${claims.guarantee}`,
    ],
    seo: {
      title: 'North Highlands Pressure Washing & Oil Removal',
      description:
        'Pressure washing in North Highlands, CA: driveway oil removal, soft washing for mid-century homes, fence restoration and McClellan Park commercial cleaning.',
      keywords: [
        'pressure washing North Highlands',
        'North Highlands driveway cleaning',
        'commercial cleaning McClellan Park',
        'house washing 95660',
      ],
    },
  },

  'fair-oaks': {
    title: 'Pressure Washing in Fair Oaks, CA',
    description:
      'Fair Oaks was promoted in the 1890s as the Sunset Colony for citrus growers, until the 1932 freeze ended the orange era. Today its hilly, tree-covered streets run from the old Village, where feral chickens roam the sidewalks, to custom homes on the bluffs above the American River.',
    population: 'About 32,500 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95628'],
    landmarks: [
      'Fair Oaks Village and its roaming chickens',
      'The Fair Oaks Bridge across the American River',
      'The amphitheater at Fair Oaks Park, where the Fair Oaks Theatre Festival performs',
      'Sailor Bar and Sacramento Bar on the American River',
      'The Women’s Thursday Club, meeting since 1902',
    ],
    neighborhoods: [
      'Fair Oaks Village',
      'Homes on the American River bluffs',
      'Streets around Bella Vista High School',
      'Semi-rural lots with room for gardens and animals',
    ],
    homeTypes: [
      'Early-1900s cottages and bungalows near the Village',
      'Custom homes with river views on the bluffs',
      'Ranch homes on large, semi-rural lots',
      'Small horse and hobby-farm properties',
    ],
    localConditions: [
      'Chicken droppings and scratched-up mulch on walks, porches and patios near the Village',
      'Thick oak canopy that leaves tannin stains and fills gutters every season',
      'Shaded bluff lots where river air keeps moss and algae growing on roofs and steps',
      'Hilly streets where runoff carries soil and leaves across driveways',
    ],
    commonServices: [
      {
        serviceId: 'patio',
        note: 'Near the Village, patios and porches need droppings and stains removed and sanitized, which our pre-treatment handles before rinsing.',
      },
      {
        serviceId: 'roof',
        note: 'Moss on shaded bluff-side roofs is soft-washed, never pressure washed, to protect shingles and tile.',
      },
      {
        serviceId: 'gutter',
        note: 'Leaves from the oak canopy are hand-cleared and downspouts flushed before the winter rains.',
      },
      {
        serviceId: 'deck-fence',
        note: 'River-view decks take a beating from sun and damp; we clean and brighten the wood so it is ready to seal.',
      },
    ],
    reasons: [
      'Care with historic Village homes and bluff-top custom finishes',
      'Chickens, dogs and gardens are respected: we pre-wet plants and keep runoff out of beds',
      `Same-day response when you call ${site.phone}`,
      `${claims.licensed}; free estimates and a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Fair Oaks Pressure Washing, Roof & Patio Cleaning',
      description:
        'Pressure washing in Fair Oaks, CA: patio and porch sanitizing near the Village, roof moss removal on the bluffs, deck restoration and gutter cleaning in 95628.',
      keywords: [
        'pressure washing Fair Oaks',
        'Fair Oaks roof cleaning',
        'patio cleaning 95628',
        'Fair Oaks deck cleaning',
      ],
    },
  },

  'citrus-heights': {
    title: 'Pressure Washing in Citrus Heights, CA',
    description:
      'Citrus Heights began as Sylvan, a farm district around the 1862 Sylvan Corners schoolhouse, was split into ten-acre lots and renamed in 1910, and filled in with subdivisions through the 1960s and 1970s. A city since 1997 and almost fully built out, it is mostly single-story homes from that era under mature trees.',
    population: 'About 87,600 residents (2020 Census)',
    county: 'Sacramento',
    zipCodes: ['95610', '95621'],
    landmarks: [
      'Sunrise Mall',
      'Rusch Park',
      'Stock Ranch nature area',
      'Sylvan Corners and the Sylvan Community Center',
    ],
    neighborhoods: ['Sunrise Ranch', 'Stock Ranch', 'Sylvan Park', 'Twin Oaks', 'Cambridge Heights'],
    homeTypes: [
      'Single-story ranch and tract homes from the 1960s through the 1980s',
      'Older homes on remnants of the original large lots near Sylvan Corners',
      'Townhomes, condos and apartment complexes',
      'Retail centers along Sunrise Boulevard and Greenback Lane',
    ],
    localConditions: [
      'Around 96 foggy days a year, mostly December mornings, keeping shaded roofs and walks wet',
      'About 73 days a year above 90°F, which fades fences and bakes in oil stains',
      'Trees planted when the subdivisions went in, now tall enough to shade roofs and fill gutters',
      'Decades-old concrete with heaved joints and set-in grime',
    ],
    commonServices: [
      {
        serviceId: 'roof',
        note: 'Foggy winters grow algae on north-facing composition roofs; a soft wash removes the streaks without damaging shingles.',
      },
      {
        serviceId: 'driveway',
        note: 'Original driveways get degreased and surface-cleaned, with the heaved joints detailed by wand.',
      },
      {
        serviceId: 'full-house',
        note: 'A low-pressure wash for older siding and stucco is often the first step before repainting.',
      },
      {
        serviceId: 'commercial',
        note: 'Shopping-center walks and entries along Sunrise Boulevard are cleaned before opening hours.',
      },
    ],
    reasons: [
      'Efficient, neighborhood-by-neighborhood routes across the city keep scheduling fast',
      `${claims.sameDayResponse} from a local crew: ${site.phone}`,
      'Commercial and residential service from the same licensed team',
      `${claims.licensed}, with a ${claims.guarantee}`,
    ],
    seo: {
      title: 'Citrus Heights Pressure Washing & Roof Cleaning',
      description:
        'Pressure washing in Citrus Heights, CA: roof algae soft washing, 1970s driveway and siding cleaning, and Sunrise Boulevard storefront cleaning in 95610-95621.',
      keywords: [
        'pressure washing Citrus Heights',
        'Citrus Heights roof cleaning',
        'driveway cleaning 95610',
        'house washing 95621',
      ],
    },
  },
}

export const cities: City[] = citySlugs.map((slug) => ({ slug, name: cityNames[slug], ...cityContent[slug] }))

const citiesBySlug = Object.fromEntries(cities.map((city) => [city.slug, city])) as Record<CitySlug, City>

/** The route's params parser has already sent an unknown slug to /404. */
export function cityBySlug(slug: CitySlug): City {
  return citiesBySlug[slug]
}
