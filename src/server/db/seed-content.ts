// The demo blog posts and reviews (the demo products are in seed-data.ts).

export type SeedBlog = { key: string; title: string; description: string; image: string };
export type SeedReview = {
  key: string;
  name: string;
  description: string;
  rating: number;
  image: string;
  /** The SKU of the demo product the review is about; none for a review of the shop. */
  productSku?: string;
};

export const seedBlogs: SeedBlog[] = [
  {
    key: 'chain-wear-guide',
    title: 'When to Replace a Chain: A Workshop Guide',
    description:
      'A worn chain is the most common cause of skipping gears, noisy drivetrains and prematurely worn cassettes. Chains do not actually stretch; the pins and rollers wear, so the distance between links grows a fraction of a millimetre at a time. Catching that wear early is the cheapest repair a shop can offer a customer.\n\nThe quickest test is a chain checker. Drop the gauge into the chain with the tabs between rollers: if the 0.5% tab drops fully in on an 11- or 12-speed chain, it is time to replace. For 10-speed and wider chains, 0.75% is still an acceptable limit. A ruler works too: on a new chain, 24 pitches measure exactly 12 inches from pin to pin.\n\nIf the chain has gone well beyond 0.75%, warn the customer that a new chain may skip on the old cassette. Fit the new chain, shift through every sprocket under load on the stand, and if it jumps on the most used cogs, replace the cassette as well.\n\nWe recommend that mechanics check the chain on every bike that comes in for a service, whatever the job. It takes twenty seconds, customers appreciate the advice, and a chain sold today saves a cassette and chainrings next season.',
    image: '/images/blogs/chain-wear-guide.svg',
  },
  {
    key: 'torque-matters',
    title: 'Why Every Bench Needs a Torque Wrench',
    description:
      'Modern bikes are built from lightweight alloys and carbon fibre, and both are unforgiving of guesswork. A stem bolt tightened by feel can crush a carbon steerer, while an under-tightened crank bolt can creak, loosen and damage the spindle interface.\n\nMost manufacturers print torque values on the part itself: 5 Nm on a stem faceplate, 6 Nm on a seatpost clamp, 40 Nm on a cassette lockring. A 2-24 Nm wrench covers nearly every bolt on a bike, and a larger 3/8" wrench handles bottom brackets, lockrings and pedals.\n\nUse the wrench in a smooth, slow motion and stop as soon as it clicks. Apply carbon assembly paste on carbon clamping surfaces and a little grease on bolt threads unless the instructions specify threadlocker. Store click-type wrenches at their lowest setting so the spring does not lose accuracy.\n\nFinally, send your wrenches for calibration once a year, or sooner on a busy bench. A recorded torque on the job card protects the shop as much as it protects the rider.',
    image: '/images/blogs/torque-matters.svg',
  },
  {
    key: 'bulk-buying-for-shops',
    title: 'Bulk Buying: How Shops Cut Parts Costs',
    description:
      "Consumables such as tubes, brake pads, chains and cables move through a workshop every day. Buying them one box at a time from a distributor adds a margin at every step, and running out on a Saturday morning costs more than the part itself.\n\nOrdering directly from the manufacturer in lots of ten or more removes the middleman. The per-piece price falls, the packaging is consistent, and you know exactly where each batch was made and tested. Many of our customers place one mixed order a month covering their fastest-moving parts.\n\nStart by looking at last season's job cards. Count how many tubes, pads and chains you fitted per month, add a buffer for the spring rush, and order that quantity. Slow-moving items like hangers or specialist tools can be ordered in the minimum lot of ten.\n\nKeep stock on labelled shelves, first in, first out, and note reorder levels on each bin. Predictable stock means faster turnaround for customers and fewer emergency orders at retail prices.",
    image: '/images/blogs/bulk-buying-for-shops.svg',
  },
  {
    key: 'tubeless-vs-tubes',
    title: 'Tubeless or Inner Tubes? Advising Customers',
    description:
      'Tubeless tyres have moved from racing into everyday riding, yet inner tubes remain the most sold item in most shops. Both have a place, and a good mechanic can explain the trade-offs in a minute.\n\nTubeless setups run lower pressures without pinch flats, and sealant closes small punctures on the move. They need tubeless-ready rims and tyres, valves, rim tape and fresh sealant every few months. Setup takes longer and a floor pump with a charge chamber helps.\n\nInner tubes are cheap, simple and universally compatible. Commuters, hire fleets and riders who rarely check their bikes are often better served by a quality butyl tube and a tyre with good puncture protection. Every rider, tubeless or not, should carry a spare tube and a pair of tyre levers.\n\nFor the shop, that means stocking both. Keep common sizes of tubes in volume, including 700x25-32c and 29x2.1-2.4, and offer tubeless conversion as a paid service with sealant top-ups booked at the same time.',
    image: '/images/blogs/tubeless-vs-tubes.svg',
  },
];

export const seedReviews: SeedReview[] = [
  {
    key: 'maria-keller',
    name: 'Maria Keller',
    description:
      'We switched our workshop consumables to ECParts last spring. The brake pads and chains are consistent from box to box, and ordering in tens suits our volume perfectly.',
    rating: 5,
    image: '/images/avatars/maria-keller.svg',
  },
  {
    key: 'james-okafor',
    name: 'James Okafor',
    description:
      'The torque wrenches arrived with calibration certificates and a proper case. Good value for a fleet workshop like ours.',
    rating: 5,
    image: '/images/avatars/james-okafor.svg',
    productSku: 'ECP-TW24-01',
  },
  {
    key: 'lena-novak',
    name: 'Lena Novak',
    description:
      'Tyre levers and tubes are our fastest sellers at the counter. Pricing direct from the factory left us a healthy margin, and shipping took four days.',
    rating: 4,
    image: '/images/avatars/lena-novak.svg',
    productSku: 'ECP-NTL-03',
  },
  {
    key: 'tom-harris',
    name: 'Tom Harris',
    description:
      'Solid chain whips and lockring tools. One tool had a rough edge on the handle, but support replaced it without any fuss.',
    rating: 4,
    image: '/images/avatars/tom-harris.svg',
    productSku: 'ECP-PCW-01',
  },
  {
    key: 'sofia-marquez',
    name: 'Sofia Márquez',
    description:
      'I run a mobile repair van and need tools that survive daily use. The hex key set and spoke wrenches have held up through a full season.',
    rating: 5,
    image: '/images/avatars/sofia-marquez.svg',
    productSku: 'ECP-HKS-09',
  },
  {
    key: 'daniel-berg',
    name: 'Daniel Berg',
    description:
      'Derailleur hangers fit as described and the CNC finish is clean. I would like more frame-specific models in the catalogue.',
    rating: 3,
    image: '/images/avatars/daniel-berg.svg',
    productSku: 'ECP-RDH-01',
  },
  {
    key: 'aisha-rahman',
    name: 'Aisha Rahman',
    description:
      'Paying by card and tracking the order from the dashboard was simple. The 11-speed chains shift as well as the big-brand ones we used to stock.',
    rating: 5,
    image: '/images/avatars/aisha-rahman.svg',
    productSku: 'ECP-CH11-01',
  },
  {
    key: 'pieter-de-vries',
    name: 'Pieter de Vries',
    description:
      'Cable cutters are sharp and crimp end caps neatly. Minimum order of ten is easy to reach when you run three workshops.',
    rating: 4,
    image: '/images/avatars/pieter-de-vries.svg',
    productSku: 'ECP-CHC-01',
  },
  {
    key: 'lena-novak-chain-checker',
    name: 'Lena Novak',
    description:
      'Every chain that comes into our shop gets checked with one of these. The 0.5% and 0.75% tabs make the call obvious to customers at the counter.',
    rating: 5,
    image: '/images/avatars/lena-novak.svg',
    productSku: 'ECP-CWC-01',
  },
  {
    key: 'daniel-berg-chain-checker',
    name: 'Daniel Berg',
    description:
      'Accurate and tough enough for daily use. We hand them out to our club riders too; a keyring hole would make them perfect.',
    rating: 4,
    image: '/images/avatars/daniel-berg.svg',
    productSku: 'ECP-CWC-01',
  },
];
