import { describe, expect, it } from 'vitest';
import { InjectionScan, tokenList } from './injection.ts';

describe('InjectionScan', () => {
  const scan = new InjectionScan(['<|a|>', '<|b|>', '<|c|>']);

  it('finds nothing in text without the tokens', () => {
    expect(scan.find('plain <| text |>')).toBeUndefined();
    expect(scan.find('')).toBeUndefined();
  });

  it('lists the tokens found in list order, each once', () => {
    expect(scan.find('x <|c|> y <|a|> <|c|>')).toEqual(['<|a|>', '<|c|>']);
  });

  it('lists the markers after the tokens, when set, found and not listed yet', () => {
    expect(scan.find('<s> and <|b|>', ['<s>', ''])).toEqual(['<|b|>', '<s>']);
    expect(scan.find('<|b|>', ['<|b|>', '</s>'])).toEqual(['<|b|>']);
    expect(scan.find('only </s>', ['<s>', '</s>'])).toEqual(['</s>']);
  });

  it('finds a marker that does not share the tokens\' first character in text without that character', () => {
    expect(scan.find('no angle brackets: BOS here', ['BOS'])).toEqual(['BOS']);
    expect(scan.find('no angle brackets here', ['<s>', 'BOS'])).toBeUndefined();
    // A renderer passes one list for all its pieces; another list is looked at afresh.
    const bos = ['BOS'];
    const angle = ['<s>'];
    expect(scan.find('BOS first', bos)).toEqual(['BOS']);
    expect(scan.find('BOS again', bos)).toEqual(['BOS']);
    expect(scan.find('BOS not a marker now', angle)).toBeUndefined();
    expect(scan.find('BOS once more', bos)).toEqual(['BOS']);
  });

  it('searches tokens with no shared start one by one', () => {
    const mixed = new InjectionScan(['<<SYS>>', '[INST]']);
    expect(mixed.find('a [INST] b')).toEqual(['[INST]']);
  });

  it('finds only markers when the format has no tokens', () => {
    expect(new InjectionScan([]).find('a <s>', ['<s>'])).toEqual(['<s>']);
  });
});

describe('tokenList', () => {
  it('quotes each token as JSON', () => {
    expect(tokenList(['<|a|>', 'say "hi"'])).toBe('"<|a|>", "say \\"hi\\""');
  });
});
