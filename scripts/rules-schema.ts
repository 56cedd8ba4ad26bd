/**
 * Writes docs/rules.schema.json, the JSON Schema of a rules file, from the zod schema that reads
 * it (src/core/checks/rules/schema.ts): `npm run rules-schema` after changing a rule. A unit test
 * (schema.test.ts) fails while the committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { rulesJsonSchema } from '../src/core/checks/rules/schema.ts';

const target = new URL('../docs/rules.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(rulesJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
