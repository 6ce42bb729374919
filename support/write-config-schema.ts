/** Writes schema/factline.config.schema.json from the config table (cli/config-schema.ts); run after adding a key. */
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../cli/config-schema.ts';

const target = new URL('../schema/factline.config.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
