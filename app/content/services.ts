import { claims } from './site'
import type { EpoxyService, Service, ServiceId } from './types'
import { serviceSummary } from './service-list'

/** No prices are ever given. */
export const services: Service[] = [
  {
    ...serviceSummary('concrete-sealing'),
    description:
      'Sealing starts with a deep clean: a rotary surface cleaner at about 3,000 PSI, spot treatment for oil, rust and efflorescence, and a full day of drying so no moisture is trapped under the sealer. On pavers we re-sand the joints with polymeric sand first; then we roll or spray a breathable penetrating sealer on bare concrete, or a natural or wet-look sealer on pavers. ' +
      `A sealed surface sheds water, oil and Sacramento's summer UV, which can extend the life of your concrete by ${claims.concreteLife}.`,
    features: [
      'Surface-cleaner wash of all concrete or pavers to be sealed',
      'Oil, rust and efflorescence spot treatment before sealing',
      'Polymeric sand re-joining on paver installations',
      'Penetrating silane/siloxane sealer for plain and broom-finished concrete',
      'Natural-look or wet-look sealer for pavers and stamped concrete, your choice',
      'Masking of walls, doors and landscaping from overspray',
      'Cure-time guidance for foot traffic and vehicles',
    ],
    process: [
      {
        title: 'Inspect and Test',
        description:
          'We check for old sealer, cracks, efflorescence and drainage, and run a water-drop test to see how porous the surface is, which decides the sealer and how many coats it needs.',
      },
      {
        title: 'Deep Clean',
        description:
          'Concrete and pavers are washed with a rotary surface cleaner, oil and rust stains are pre-treated, and efflorescence on pavers gets a dedicated cleaner so it is not sealed in.',
      },
      {
        title: 'Dry and Re-Sand',
        description:
          'The surface dries for at least 24 hours. On pavers we sweep polymeric sand into the joints, compact it, and mist it so it locks in place and resists weeds and ants.',
      },
      {
        title: 'Seal and Cure',
        description:
          'Sealer goes on in thin, even coats with a sprayer and roller during the cool part of the day, then cures undisturbed; we tell you when it is ready for shoes and for cars.',
      },
    ],
    benefits: [
      `Can extend concrete and paver life by ${claims.concreteLife}`,
      'Repels oil, drink spills and tire marks so stains wipe up instead of soaking in',
      'Slows UV fading of colored and stamped concrete',
      'Locks paver joints against weeds, ants and washout',
      'Cuts water absorption and surface spalling through wet valley winters',
      `Backed by our ${claims.guarantee}`,
    ],
    seo: {
      title: 'Concrete & Paver Sealing in Sacramento, CA',
      description: `Concrete and paver sealing in Greater Sacramento: deep clean, polymeric sand and breathable sealer that can extend concrete life by ${claims.concreteLife}. Free estimates.`,
      keywords: [
        'concrete sealing Sacramento',
        'paver sealing Sacramento',
        'driveway sealer',
        'polymeric sand',
        'stamped concrete sealing',
      ],
    },
  },
  {
    ...serviceSummary('full-house'),
    description:
      'We wash houses with a soft-wash system, not a blast of high pressure: a diluted sodium hypochlorite solution with a surfactant is applied at under 500 PSI, left to dwell so it kills the algae, mildew and spider webs at the root, and then rinsed gently from the top down. ' +
      'It is safe for stucco, vinyl, Hardie board, wood siding and painted trim, and we pre-wet and rinse your plants before and after so the landscaping is protected.',
    features: [
      'Soft wash of all exterior walls: stucco, siding, brick and stone veneer',
      'Eaves, soffits and fascia cleared of webs, wasp nests and mud-dauber tubes',
      'Exterior window frames, sills and screens rinsed',
      'Front door, garage door and porch light fixtures hand-detailed',
      'Outside faces of the gutters brightened',
      'Plants pre-wet and rinsed to protect the landscaping',
    ],
    process: [
      {
        title: 'Walk-Around',
        description:
          'We note the siding material, paint condition, oxidation and any loose trim, close windows and vents, cover outlets and fixtures, and move anything fragile away from the walls.',
      },
      {
        title: 'Protect the Landscaping',
        description:
          'Shrubs, flower beds and lawn edges along the house are soaked with fresh water so they do not absorb the cleaning solution.',
      },
      {
        title: 'Soft-Wash Application',
        description:
          'A mix matched to the siding and the kind of growth is applied bottom to top at low pressure and given about ten minutes to dwell, so it does the work instead of pressure.',
      },
      {
        title: 'Rinse and Review',
        description:
          'Everything is rinsed top to bottom, plants are rinsed again, and we walk the house with you to check every side before we leave.',
      },
    ],
    benefits: [
      `Curb appeal that helps raise property value by ${claims.propertyValue}`,
      'Removes mildew and algae at the root so the house stays clean longer than after a plain rinse',
      'No high pressure to crack stucco, lift paint or force water behind siding',
      'Lets you see paint failure, dry rot and pest damage early',
      'Prepares the walls for a new paint job',
    ],
    seo: {
      title: 'Soft-Wash House Washing in Sacramento, CA',
      description:
        'Low-pressure soft-wash house washing in Sacramento for stucco, siding and trim. Kills mildew and algae without damage and protects your plants. Free estimates.',
      keywords: [
        'house washing Sacramento',
        'soft wash Sacramento',
        'stucco cleaning',
        'exterior house cleaning',
        'siding washing',
      ],
    },
  },
  {
    ...serviceSummary('driveway'),
    description:
      'Driveways get a degreaser pre-treatment on oil and tire marks, then a rotary surface cleaner at 3,000 to 4,000 PSI with hot water where grease is heavy, which cleans evenly without the zebra stripes a hand wand leaves. ' +
      `Rust from sprinklers and fertilizer gets an acid-based rust remover, and a post-treatment keeps the concrete brighter for longer; paired with sealing, regular cleaning can extend concrete life by ${claims.concreteLife}.`,
    features: [
      'Degreaser pre-treatment of oil, transmission fluid and tire marks',
      'Rotary surface cleaning for an even, stripe-free finish',
      'Hot-water cleaning for heavy grease where needed',
      'Rust removal for sprinkler and fertilizer stains',
      'Edges, expansion joints and the sidewalk apron detailed',
      'Post-treatment to slow mold and algae regrowth',
      'Rinse-down of garage door base and nearby walls',
    ],
    process: [
      {
        title: 'Sweep and Pre-Treat',
        description:
          'Loose debris is blown off and oil spots, tire marks and rust get the right pre-treatment, with dwell time so the stains lift instead of being pushed deeper.',
      },
      {
        title: 'Surface Clean',
        description:
          'A rotary surface cleaner at 3,000 to 4,000 PSI works the whole slab in overlapping passes for uniform color from the street to the garage door.',
      },
      {
        title: 'Detail Edges and Joints',
        description:
          'A wand with a wide fan tip cleans edges, expansion joints, curbs and the apron where the surface cleaner cannot reach.',
      },
      {
        title: 'Rinse and Post-Treat',
        description:
          'The slab is rinsed clean and a post-treatment is applied to kill remaining spores, so black spots and green film take much longer to return.',
      },
    ],
    benefits: [
      `Paired with sealing, can extend concrete life by ${claims.concreteLife}`,
      `First impression that helps raise property value by ${claims.propertyValue}`,
      'Removes slick algae and oil film that make concrete slippery',
      'Even color with no wand stripes',
      'Keeps oil and rust from staining the concrete permanently',
    ],
    seo: {
      title: 'Driveway Cleaning & Oil Stain Removal in Sacramento',
      description:
        'Driveway pressure washing in Sacramento: degreaser, hot water and a rotary surface cleaner lift oil, rust and tire marks with no stripes. Same-day response.',
      keywords: [
        'driveway cleaning Sacramento',
        'driveway pressure washing',
        'oil stain removal',
        'concrete cleaning Sacramento',
        'rust stain removal',
      ],
    },
  },
  {
    ...serviceSummary('patio'),
    description:
      'Patios are a mix of surfaces, so we set the pressure to the material: about 3,000 PSI for broom-finished concrete, closer to 1,500 to 2,500 PSI with a surface cleaner on pavers, stamped concrete, flagstone and travertine so joint sand and color coats are not blasted out. ' +
      'Barbecue grease, leaf tannins, bird droppings and algae each get their own pre-treatment, and we move and replace your patio furniture.',
    features: [
      'Pressure set to the surface: concrete, pavers, stamped concrete, flagstone or travertine',
      'Barbecue grease and food stain pre-treatment',
      'Leaf tannin, berry and bird-dropping stain removal',
      'Walkways and steps leading to the patio included',
      'Patio furniture moved and returned',
      'Joint sand topped up on paver patios',
    ],
    process: [
      {
        title: 'Clear and Protect',
        description:
          'Furniture, planters and grills are moved, outlets and outdoor electronics are covered, and nearby doors and screens are closed.',
      },
      {
        title: 'Pre-Treat Stains',
        description:
          'Grease gets a degreaser, organic stains from leaves and berries get a mild oxidizing cleaner, and algae in shady corners gets a soft-wash mix.',
      },
      {
        title: 'Clean at the Right Pressure',
        description:
          'A surface cleaner tuned to the material cleans the field, and a wand with a wide fan tip details steps, edges, walls and drains.',
      },
      {
        title: 'Rinse and Reset',
        description:
          'Everything is rinsed toward the drains, paver joints are topped up with sand if any washed out, and the furniture goes back where it was.',
      },
    ],
    benefits: [
      'A clean, slip-free surface for summer evenings outside',
      'No etched concrete or washed-out paver joints from too much pressure',
      'Removes allergens, mildew and droppings where kids and pets play',
      'Pairs well with our paver sealing to keep the patio clean longer',
      `Covered by our ${claims.guarantee}`,
    ],
    seo: {
      title: 'Patio & Paver Cleaning in Sacramento, CA',
      description:
        'Patio cleaning in Sacramento at the right pressure for concrete, pavers, stamped concrete and flagstone. Grease, algae and leaf stains removed. Free estimates.',
      keywords: [
        'patio cleaning Sacramento',
        'patio pressure washing',
        'paver cleaning Sacramento',
        'flagstone cleaning',
        'stamped concrete cleaning',
      ],
    },
  },
  {
    ...serviceSummary('commercial'),
    description:
      'We clean storefronts, sidewalks, drive-thru lanes, dumpster enclosures, parking structures and HOA common areas, using hot water near 200°F to melt gum and grease and a surface cleaner for large flatwork. ' +
      'Work is scheduled early morning, at night or on weekends around your hours, and we block storm drains and recover wash water where local stormwater rules require it.',
    features: [
      'Sidewalks, entries and storefront flatwork',
      'Gum removal with hot water',
      'Dumpster pads and enclosures degreased and deodorized',
      'Drive-thru lanes and fuel-island oil removal',
      'Building facades, awnings and signage soft-washed',
      'Parking garages and stairwells',
      'Recurring service plans for retail centers and HOAs',
    ],
    process: [
      {
        title: 'Site Walk and Plan',
        description:
          'We walk the property with your manager, map the surfaces, drains and water sources, and set a schedule that keeps entrances open and customers safe.',
      },
      {
        title: 'Protect Drains and Entrances',
        description:
          'Storm drains are covered where required, work zones are coned off, and doors, signage and landscaping next to the work are protected.',
      },
      {
        title: 'Hot-Water Cleaning',
        description:
          'Hot water and degreasers break down gum, grease and grime on flatwork, and facades and awnings are soft-washed at low pressure.',
      },
      {
        title: 'Recover and Report',
        description:
          'Wash water is recovered where required, the site is walked again, and you get before-and-after photos for your records.',
      },
    ],
    benefits: [
      'Clean entrances that make a good first impression on customers',
      'Fewer slip hazards from grease, algae and spilled drinks',
      'Work done outside business hours with no disruption',
      `${claims.licensed}, ready with certificates of insurance for property managers`,
      'Stormwater-conscious methods for sidewalks and parking areas',
    ],
    seo: {
      title: 'Commercial Pressure Washing in Sacramento, CA',
      description:
        'Commercial pressure washing in Sacramento: storefronts, sidewalks, gum removal, dumpster pads, drive-thrus and HOA common areas, scheduled after hours.',
      keywords: [
        'commercial pressure washing Sacramento',
        'sidewalk cleaning',
        'gum removal',
        'dumpster pad cleaning',
        'storefront cleaning Sacramento',
      ],
    },
  },
  {
    ...serviceSummary('deck-fence'),
    description:
      'Wood is soft, so decks and fences are cleaned with a wood cleaner based on sodium percarbonate and low pressure, about 500 to 1,200 PSI with a wide fan tip held along the grain, which lifts gray, weathered fibers without raising fuzz or gouging the boards. ' +
      'An oxalic-acid brightener then neutralizes the cleaner and removes tannin and rust stains, and composite decks get a gentler cleaner made for them.',
    features: [
      'Wood decks, railings, stairs and pergolas',
      'Redwood, cedar and pine fences, both sides where reachable',
      'Composite and PVC decking with a manufacturer-safe cleaner',
      'Sodium percarbonate wood cleaner to lift graying',
      'Oxalic-acid brightener for tannin and rust stains',
      'Nail-pop and loose-board check noted for you',
    ],
    process: [
      {
        title: 'Inspect the Wood',
        description:
          'We identify the wood or composite, check for rot, loose boards and popped nails, and test a hidden spot to set pressure and cleaner strength.',
      },
      {
        title: 'Apply Wood Cleaner',
        description:
          'Plants are pre-wet and a percarbonate cleaner is applied and left to dwell so it loosens dirt, mildew and gray oxidized fibers.',
      },
      {
        title: 'Low-Pressure Rinse',
        description:
          'Boards are rinsed at low pressure along the grain with a wide fan tip, which cleans without furring or leaving wand marks.',
      },
      {
        title: 'Brighten and Dry',
        description:
          'An oxalic-acid brightener restores the natural color and pH of the wood; we advise at least 48 hours of drying before any stain or sealer goes on.',
      },
    ],
    benefits: [
      'Restores the natural color of redwood and cedar',
      'Removes mildew and algae that make boards slippery and rot them',
      'Prepares the wood to accept stain or sealer evenly',
      'Extends the life of decks and fences in the valley sun',
      'No gouges or fuzzy grain from high pressure',
    ],
    seo: {
      title: 'Deck & Fence Cleaning in Sacramento, CA',
      description:
        'Deck and fence cleaning in Sacramento with wood cleaner, low pressure and an oxalic brightener. Restores redwood and cedar color without damaging the grain.',
      keywords: [
        'deck cleaning Sacramento',
        'fence cleaning Sacramento',
        'deck restoration',
        'wood fence washing',
        'composite deck cleaning',
      ],
    },
  },
  {
    ...serviceSummary('roof'),
    description:
      'Roofs are never pressure washed: we soft-wash them with a sodium hypochlorite and surfactant solution at low pressure, as shingle manufacturers recommend, which kills the Gloeocapsa algae behind black streaks along with moss and lichen. ' +
      'Composition shingles, concrete and clay tile and metal each get the right mix, dead moss is removed by hand, and gutters, downspouts and plants below are rinsed and protected.',
    features: [
      'Soft wash of composition shingle, concrete tile, clay tile and metal roofs',
      'Black streak (Gloeocapsa magma) algae removal',
      'Moss and lichen treatment, with loose moss removed by hand',
      'Skylights, vents and flashing rinsed',
      'Gutters and downspouts flushed after the wash',
      'Landscaping pre-wet and rinsed below the eaves',
    ],
    process: [
      {
        title: 'Roof Assessment',
        description:
          'We identify the roofing material, look for broken tiles, lifted shingles and flashing problems, and plan a safe way to work each slope.',
      },
      {
        title: 'Protect Below',
        description:
          'Plants, lawn and patio furniture under the eaves are soaked or covered, and downspouts are directed away from beds.',
      },
      {
        title: 'Soft-Wash Treatment',
        description:
          'The cleaning solution is applied at low pressure and left to dwell, killing algae, moss and lichen so the streaks lift instead of being blasted off.',
      },
      {
        title: 'Rinse and Flush',
        description:
          'Loose debris is cleared, the gutters and downspouts are flushed, plants are rinsed again, and we photograph the finished roof for you.',
      },
    ],
    benefits: [
      'Removes black streaks and moss without shortening roof life',
      'No lifted shingles, stripped granules or cracked tiles from pressure',
      'A cleaner roof reflects more summer heat',
      'Stops moss from holding moisture under shingles and tiles',
      `Curb appeal that helps raise property value by ${claims.propertyValue}`,
    ],
    seo: {
      title: 'Roof Soft Washing & Moss Removal in Sacramento',
      description:
        'Roof cleaning in Sacramento by soft wash, never high pressure. Removes black algae streaks, moss and lichen from shingle and tile roofs safely. Free estimates.',
      keywords: [
        'roof cleaning Sacramento',
        'roof soft wash',
        'moss removal',
        'tile roof cleaning',
        'black streak removal',
      ],
    },
  },
  {
    ...serviceSummary('gutter'),
    description:
      'Gutters are cleared by hand, every leaf, oak catkin, pine needle and shingle grit bagged and hauled away, and then every downspout is flushed with a hose to prove it drains. ' +
      'The outside faces are brightened with a cleaner made to lift the black tiger striping on aluminum gutters, and we note loose hangers, leaking seams or wrong slope before the rains come.',
    features: [
      'Hand removal of leaves, needles and roof debris',
      'Debris bagged and hauled away',
      'Downspouts flushed and tested for clogs',
      'Outside faces brightened to remove tiger striping',
      'Check of hangers, seams, end caps and slope',
      'Roof valleys cleared of built-up leaves',
    ],
    process: [
      {
        title: 'Set Up Safely',
        description:
          'Ladders go up with stabilizers so they never rest on the gutter itself, and tarps go down to keep debris off your beds and walkways.',
      },
      {
        title: 'Clear by Hand',
        description:
          'Leaves, needles, seed pods and grit are scooped out by hand and bagged, including at corners and where downspouts drop.',
      },
      {
        title: 'Flush Downspouts',
        description:
          'Each gutter run and downspout is flushed with water to confirm it drains, and any clog is cleared from the top or the bottom.',
      },
      {
        title: 'Brighten and Report',
        description:
          'The outside faces are cleaned to remove black streaks, and you get a short note on any loose hangers, leaks or slope problems we saw.',
      },
    ],
    benefits: [
      'Rain goes where it should instead of over the edge onto the foundation',
      'Prevents fascia rot and leaks behind the gutter',
      'Removes dry leaves that feed embers in fire season',
      'Stops mosquitoes breeding in standing water',
      'Clean gutter faces that match a freshly washed house',
    ],
    seo: {
      title: 'Gutter Cleaning & Downspout Flushing in Sacramento',
      description:
        'Gutter cleaning in Sacramento: hand-cleared debris hauled away, downspouts flushed and tested, and gutter faces brightened. Book before the winter rains.',
      keywords: [
        'gutter cleaning Sacramento',
        'downspout cleaning',
        'gutter brightening',
        'rain gutter cleaning',
        'leaf removal gutters',
      ],
    },
  },
]

const servicesById = new Map(services.map((service) => [service.id, service]))

/** The content tests check every ServiceId has a service. */
export function serviceById(id: ServiceId): Service {
  const service = servicesById.get(id)
  if (!service) throw new Error(`Unknown service id: ${id}`)
  return service
}

export const epoxy: EpoxyService = {
  title: 'Epoxy Flooring',
  description:
    'A professionally installed epoxy floor turns a stained, dusty garage slab or a small patio into a hard, glossy surface that shrugs off oil, brake fluid and hot tires. ' +
    `We grind the concrete, repair cracks, prime, and build the coating in layers, and most installs are finished in ${claims.epoxyInstall}.`,
  installTime: claims.epoxyInstall,
  benefits: [
    {
      title: 'Built to Last',
      description:
        'A multi-coat system bonded to ground concrete stands up to foot traffic, dropped tools and vehicle weight for years.',
    },
    {
      title: 'Stain and Chemical Resistant',
      description:
        'Oil, gasoline, antifreeze and cleaning products sit on top of the coating so they wipe up instead of soaking into the slab.',
    },
    {
      title: 'Easy to Clean',
      description:
        'A seamless surface with no pores or grout lines sweeps and mops clean, and it stops the concrete dust that settles on everything in a garage.',
    },
    {
      title: 'Custom Look',
      description:
        'Solid colors or decorative flake blends, with an optional anti-slip texture, finished in a gloss or satin sheen to match your home.',
    },
  ],
  cards: [
    {
      title: 'Garage Floors',
      description:
        'A complete floor coating system for one-, two- and three-car garages, made to handle hot tires, oil drips and workshop use.',
      features: [
        'Diamond grinding to open the concrete for a strong bond',
        'Crack and spall repair before coating',
        'Moisture check of the slab',
        'Full or partial decorative flake broadcast',
        'Clear protective topcoat resistant to hot-tire pickup',
        'Optional anti-slip additive',
      ],
    },
    {
      title: 'Small Patios',
      description:
        'A durable, easy-care coating for small patios, porches and walkways, finished with a UV-stable topcoat for outdoor sun.',
      features: [
        'Surface grinding and cleaning of the existing concrete',
        'Crack repair and edge detailing',
        'UV-stable topcoat that resists yellowing in the sun',
        'Slip-resistant texture for wet days',
        'Decorative flake or solid color options',
        'Coordinated colors to match your home',
      ],
    },
  ],
  process: [
    {
      title: 'Surface Preparation',
      description:
        'We diamond-grind the slab to remove old coatings and open the pores, repair cracks and spalls, vacuum the dust, and check the concrete for moisture.',
    },
    {
      title: 'Primer Application',
      description:
        'A penetrating primer soaks into the prepared concrete and seals it, creating the bond that keeps the coating from peeling or lifting.',
    },
    {
      title: 'Epoxy Coating',
      description:
        'The epoxy base coat goes on, decorative flakes are broadcast if chosen, and a clear protective topcoat seals the surface.',
    },
    {
      title: 'Final Inspection',
      description:
        'We inspect the finished floor with you, touch up anything that needs it, and explain cure times before foot traffic and before parking a car.',
    },
  ],
  seo: {
    title: 'Epoxy Garage Floors & Patio Coatings | Sacramento',
    description: `Epoxy garage floor and small patio coatings in Greater Sacramento: diamond-ground prep, primer, flake and topcoat. Most installs finished in ${claims.epoxyInstall}.`,
    keywords: [
      'epoxy garage floor Sacramento',
      'garage floor coating',
      'epoxy patio coating',
      'flake epoxy floor',
      'garage floor epoxy installation',
    ],
  },
}
