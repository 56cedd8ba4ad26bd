/** Zod schemas of ShareGPT records (loose: unknown keys are kept). */
import { z } from 'zod';

export const documentSchema = z.looseObject(
  {
    conversations: z.array(z.unknown(), { error: 'expected an array of turns' }),
    system: z.string({ error: 'expected a string' }).optional(),
  },
  { error: 'expected an object with a "conversations" array' },
);

export const turnSchema = z.looseObject({ from: z.string({ error: 'expected a string' }), value: z.string({ error: 'expected a string' }) }, { error: 'expected an object' });
