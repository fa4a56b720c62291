/** `npm run size`: the per-route table of gzip bytes against the budgets (run after `npm run build`). */
import { distDir } from '../site/load-site-build';
import { BUDGET_GZIP_BYTES, measureRoutes } from './route-sizes';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = measureRoutes(distDir);
const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(
  `${'route'.padEnd(width)}  ${'JS (gzip)'.padStart(10)}  ${'CSS (gzip)'.padStart(10)}  ${'HTML (gzip)'.padStart(11)}`,
);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)}  ${kb(row.js).padStart(10)}  ${kb(row.css).padStart(10)}  ${kb(row.html).padStart(11)}`,
  );
}
const over = rows.filter(
  (row) => row.js > BUDGET_GZIP_BYTES.js || row.css > BUDGET_GZIP_BYTES.css || row.html > BUDGET_GZIP_BYTES.html,
);
console.log(
  `\nBudgets: JS ${kb(BUDGET_GZIP_BYTES.js)}, CSS ${kb(BUDGET_GZIP_BYTES.css)}, HTML ${kb(BUDGET_GZIP_BYTES.html)}. ${rows.length} routes, ${over.length} over budget.`,
);
if (over.length) process.exitCode = 1;
