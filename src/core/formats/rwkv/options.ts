/** Render options of the RWKV universal template (see docs/formats.md, 'RWKV: streaming'). */
import type { FormatOption } from '../../shared/options.ts';

export type RwkvOptions = {
  /**
   * Show the transcript as it streams: the last assistant block has no end tag, and when the
   * transcript does not end with an assistant block, an open `<<ASSISTANT>>` block is added
   * (where the model starts writing).
   */
  streaming: boolean;
};

export const RWKV_DEFAULTS: RwkvOptions = { streaming: false };

export const RWKV_OPTIONS: readonly FormatOption[] = [
  {
    key: 'streaming',
    label: 'Streaming',
    description: 'Leave the last assistant block open (no <<ASSISTANT_END>>), as during generation; adds an open <<ASSISTANT>> block when the transcript ends with another block.',
    type: 'boolean',
    default: false,
    cliFlag: '--streaming',
  },
];

export function resolveOptions(options: Partial<RwkvOptions> | undefined): RwkvOptions {
  return { streaming: options?.streaming ?? RWKV_DEFAULTS.streaming };
}
