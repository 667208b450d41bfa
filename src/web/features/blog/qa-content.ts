export type QaCard = {
  id: string;
  question: string;
  answer: string;
  codeSample?: { title: string; language: string; code: string };
};

const productSearchCode = `type Product = { name: string; price: number };

/** Returns the products whose name contains the query, ignoring case. */
function searchProducts(products: readonly Product[], query: string): Product[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...products];
  return products.filter((product) => product.name.toLowerCase().includes(needle));
}

const products: Product[] = [
  { name: 'Chain Whip', price: 14.5 },
  { name: '11-Speed Chain', price: 18.9 },
  { name: 'Chain Wear Checker', price: 4.2 },
  { name: 'Pedal Wrench', price: 16.9 },
];

const results = searchProducts(products, '  CHAIN ');
console.log(results.map((p) => p.name));
// ['Chain Whip', '11-Speed Chain', 'Chain Wear Checker']`;

export const qaCards: QaCard[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    answer:
      'Start by measuring. The React DevTools Profiler shows which components render, how often and how long each render takes, so you fix real bottlenecks instead of guessing.\n\n' +
      'Then reduce unnecessary work. Keep state as close as possible to the components that use it, so an update does not re-render the whole tree. Wrap expensive pure components in React.memo, and use useMemo and useCallback when a computed value or a callback is passed to memoised children. Give list items stable keys, and virtualise very long lists so only the visible rows exist in the DOM.\n\n' +
      'Finally, ship less. Split routes with React.lazy and Suspense, optimise and lazy-load images, avoid heavy dependencies, and cache server data with a library such as TanStack Query so the same request is not repeated on every page.',
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage a state in a React application?',
    answer:
      'Local state lives inside one component with useState, or with useReducer when the update logic is more involved. It is the right default for form inputs, toggles and anything only one component cares about.\n\n' +
      'Shared state can be lifted up to the closest common parent and passed down as props. When many distant components need the same value, such as the signed-in user or a theme, the Context API avoids passing props through every level.\n\n' +
      'Global client state with frequent updates is often handled by a store such as Redux Toolkit, Zustand or Jotai. Server state, meaning data fetched from an API, is best left to a caching library like TanStack Query or SWR, which handles loading, errors and refetching. Finally, the URL itself is state: route parameters and query strings keep filters and pages shareable.',
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer:
      "Every JavaScript object has an internal link to another object called its prototype. When you read a property that the object does not have itself, the engine looks it up on the prototype, then on the prototype's prototype, and so on until it reaches null. This chain of links is the prototype chain.\n\n" +
      "Objects therefore inherit directly from other objects rather than from class blueprints. Object.create(proto) makes a new object whose prototype is proto. A constructor function called with new links the new instance to the function's prototype property, so methods defined there are shared by all instances instead of being copied into each one.\n\n" +
      'The class syntax introduced in ES2015 is a cleaner way to write the same thing: extends sets up the prototype chain, and methods still live on the prototype. Writing a property on an object always creates it on that object, shadowing the inherited one.',
  },
  {
    id: 'set-state-directly',
    question:
      'Why should you never set the state directly in React, for example products = [...] instead of setProducts?',
    answer:
      'React only re-renders a component when it is told that state has changed, and the setter function returned by useState is how you tell it. Assigning products = [...] simply rebinds a local variable inside the current render. React never learns about it, the screen does not update, and the value is thrown away the next time the component renders.\n\n' +
      "Mutating the existing array, for example with products.push(item), is just as harmful. The array keeps the same reference, so React's equality check sees no change and may skip the update, while memoised children and effects keep working with stale assumptions.\n\n" +
      'Always create a new value and pass it to the setter: setProducts([...products, item]), or setProducts((prev) => [...prev, item]) when the new state depends on the previous one. This keeps updates predictable, lets React batch them, and makes state changes easy to trace.',
  },
  {
    id: 'search-products',
    question: 'How would you search for a product by its name in an array of products?',
    answer:
      'Use Array.prototype.filter, which returns a new array containing only the items for which a callback returns true. For each product, compare the name with the search text and keep the product when the name contains it.\n\n' +
      'To make the search forgiving, normalise both sides first: trim the query so stray spaces typed by the user do not break the match, and convert both the query and the product name to lower case so "chain", "Chain" and "CHAIN" all find the same items. String.prototype.includes then matches any part of the name, not just the beginning.\n\n' +
      'An empty query should return the full list rather than nothing. Because filter never mutates the original array, the result can be stored in state or rendered directly, and the source list stays intact for the next search.',
    codeSample: {
      title: 'Case-insensitive product search',
      language: 'typescript',
      code: productSearchCode,
    },
  },
  {
    id: 'unit-testing',
    question: 'What is a unit test?',
    answer:
      'A unit test checks the smallest testable piece of code, such as a single function, hook or component, in isolation from the rest of the application. It feeds the unit a known input and asserts that the output or behaviour matches what is expected.\n\n' +
      'In a TypeScript and React project, Vitest is a fast test runner that understands the same configuration as Vite. A test is written with describe, it and expect: for example, expect(searchProducts(list, "chain")).toHaveLength(3). React Testing Library renders a component into a simulated DOM and lets the test interact with it the way a user would, by finding a button by its role and clicking it, then checking the text that appears.\n\n' +
      'Dependencies such as network calls are replaced with mocks or fakes, so each test is fast, repeatable and fails only when the unit itself is broken.',
  },
  {
    id: 'why-unit-tests',
    question: 'Why should you write unit tests?',
    answer:
      'Unit tests catch bugs early, while the code is still fresh in your mind and cheap to fix, instead of in production where a broken price or checkout costs real money.\n\n' +
      'They make change safe. With a good test suite you can refactor, upgrade a dependency or add a feature and know within seconds whether existing behaviour still works. Running the tests in continuous integration stops regressions from being merged at all.\n\n' +
      'Tests are also living documentation: they show exactly how a function is meant to be called and what it returns for edge cases such as empty input. Writing them tends to improve design too, because code that is hard to test is usually too tightly coupled. The result is fewer bugs, faster reviews and more confidence for everyone working on the project.',
  },
];
