// Build step (scripts/build.mjs): renders the demo catalog's images once, so a first `npm start`
// only copies files instead of rasterising ~60 illustrations.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderDemoImage } from './demo-images.data.js';
import { DEMO_IMAGES_DIR, demoImageJobs } from './seed.service.js';

const jobs = demoImageJobs();
mkdirSync(DEMO_IMAGES_DIR, { recursive: true });
let bytes = 0;
for (const job of jobs) {
  const image = await renderDemoImage(job.art);
  writeFileSync(path.join(DEMO_IMAGES_DIR, job.fileName), image);
  bytes += image.length;
}
// Written last: its presence tells the build (and the seed) that the set is complete.
writeFileSync(
  path.join(DEMO_IMAGES_DIR, 'index.json'),
  `${JSON.stringify(
    jobs.map((job) => job.fileName),
    null,
    2,
  )}\n`,
);
console.log(
  `Rendered ${jobs.length} demo images (${(bytes / 1024 / 1024).toFixed(1)} MB) into ${DEMO_IMAGES_DIR}`,
);
