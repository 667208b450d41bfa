// Whether this page load arrived as server-rendered HTML (main.tsx hydrates it). Below-the-fold
// sections then show at once: their HTML is already on screen, and hydration must render it.
let hydrating = false;

export const markServerRendered = () => {
  hydrating = true;
};

export const isServerRendered = () => hydrating;
