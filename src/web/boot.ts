// The page's first script, and a small one. A page the server rendered is on screen without
// any script, so the app's code is fetched once the first frame is painted: the first paint
// waits only for the HTML and the stylesheet, even on a slow phone. A page drawn in the browser
// (behind sign-in) starts at once.
// The stylesheet belongs to the first script, so the HTML links it and the first paint has it.
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// React's DOM renderer is half of the code: evaluated first, on its own, it leaves the rest of
// the app a task of its own, so neither holds a phone's main thread for long.
const start = async () => {
  await import('react-dom/client');
  await nextTask();
  await import('./main.tsx');
};

// A frame's animation callbacks run before it is painted: the second frame's come after the first paint.
const afterFirstPaint = (run: () => void) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));

if (document.getElementById('page-data')) afterFirstPaint(() => void start());
else void start();
