// The browser entry, kept tiny. A prerendered page is readable as it arrives, so React's code is
// fetched only after its first paint: on a slow phone the text and the poster paint without
// waiting behind ~100 KB of JavaScript (docs/budgets.md: LCP ≤ 1.5 s). An empty shell (/success) needs
// React to show anything, so it starts at once.
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const start = () => import('./app/start.tsx').then(({ startApp }) => startApp(root));
const afterFirstPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

if (root.hasChildNodes()) afterFirstPaint(start);
else start();
