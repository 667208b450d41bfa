export type PortfolioProject = {
  name: string;
  description: string;
  image: string;
  liveUrl: string;
  linkLabel: string;
};

export const portfolio: {
  name: string;
  role: string;
  introduction: string;
  expertise: string;
  skills: string[];
  projects: PortfolioProject[];
} = {
  name: 'Daniel Hartmann',
  role: 'Full-stack TypeScript developer',
  introduction:
    'Hi, I am Daniel, a full-stack developer who builds fast, accessible web applications from the database up to the last pixel. I designed and built the ECParts storefront, and I spend my weekends riding gravel roads and fixing my own bikes.',
  expertise:
    'I work across the whole stack in TypeScript. On the front end I build React interfaces with a focus on clear state management, accessibility and performance. On the back end I design typed HTTP APIs with Fastify, validate every request and response against a shared schema, and model data in PostgreSQL with migrations that run safely in production. I care about automated tests, readable code and documentation that stays in sync with the code it describes.',
  skills: [
    'TypeScript',
    'React',
    'Tailwind CSS',
    'Node.js',
    'Fastify',
    'PostgreSQL',
    'Drizzle ORM',
    'Vitest & Playwright',
  ],
  projects: [
    {
      name: 'ECParts storefront',
      description:
        'A bulk-ordering shop for bicycle spare parts and tools: product catalogue, orders of ten pieces or more, card payment, customer reviews and an admin dashboard.',
      image: '/images/portfolio-shop.svg',
      liveUrl: '/',
      linkLabel: 'Visit the shop',
    },
    {
      name: 'ECParts API documentation',
      description:
        'Interactive reference for the REST API behind the shop, generated from the same schemas that validate every request and response.',
      image: '/images/portfolio-api.svg',
      liveUrl: '/api/docs',
      linkLabel: 'Read the API docs',
    },
    {
      name: 'Source code',
      description:
        'A readable tour of the project structure: the shared contract, the server modules, the database layer and the React features, with notes on how the pieces fit together.',
      image: '/images/portfolio-source.svg',
      liveUrl: '/source',
      linkLabel: 'Browse the source',
    },
  ],
};
