/**
 * The preview's Token view: what the model sees of the render (the tokenizer's tokens) and what
 * it is trained on (the mask). Its own lazy chunk, loaded when the tab is first chosen: it brings
 * the token worker and the shipped tokenizers' asset URLs; the tokenizer library itself is in
 * the worker's chunk. Typing never waits on it: the worker answers when it can.
 */
import { useEffect } from 'react';
import { startTokens } from '../../tokens/token-client.ts';
import { MaskControls } from './MaskControls.tsx';
import { TokenCounts } from './TokenCounts.tsx';
import { TokenizerBar } from './TokenizerBar.tsx';
import { TokenText } from './TokenText.tsx';

export default function TokenView() {
  useEffect(() => startTokens(), []);
  return (
    <>
      <TokenizerBar />
      <MaskControls />
      <TokenCounts />
      <TokenText />
    </>
  );
}
