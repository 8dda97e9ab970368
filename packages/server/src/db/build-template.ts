// Build step (scripts/build.mjs): packs the migrated PGlite template for fast first starts.
import { MIGRATIONS_FOLDER } from './client.js';
import { TEMPLATE_DIR, TEMPLATE_FILE, unpackPgliteTemplate, writePgliteTemplate } from './pglite-template.js';

const bytes = await writePgliteTemplate(MIGRATIONS_FOLDER);
console.log(`Wrote ${TEMPLATE_FILE} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
await unpackPgliteTemplate();
console.log(`Unpacked it into ${TEMPLATE_DIR}`);
