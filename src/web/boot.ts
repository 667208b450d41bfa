// The page's first script, and a small one. A page the server rendered is on screen without
// any script, so the app's code is fetched once the first frame is painted: the first paint
// waits only for the HTML and the stylesheet, even on a slow phone. A page drawn in the browser
// (behind sign-in) starts at once.
// The stylesheet belongs to the first script, so the HTML links it and the first paint has it.
import './styles.css';

const start = () => void import('./main.tsx');

if (document.getElementById('page-data')) requestAnimationFrame(() => setTimeout(start, 0));
else start();
