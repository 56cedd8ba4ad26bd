/**
 * The texts of the token golden test (golden.test.ts): fixed renders that exercise what a
 * tokenizer can get wrong — accents, CJK, emoji with skin tones and joiners, code and its
 * indentation, runs of spaces and newlines, digits, contractions — around each format's special
 * tokens. Renders of Parley's own formats are made here with pinned options; those of formats
 * Parley's branch may not have (ChatML as Qwen3 writes it, Llama 3.1, harmony) are written out
 * as their chat templates write them.
 */
import { apertusFormat } from '../../src/core/formats/apertus/index.ts';
import { openChatMlFormat } from '../../src/core/formats/openchatml/index.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls } from '../../src/core/model/builders.ts';

const USER = 'Héllo wörld — naïve café. 日本語のテキストと中文。 Emoji: 😀👍🏽🧑‍🚀🇨🇭 ∑x² ≤ 10³';
const CODE = "def f(x):\n    return x**2  # don't\n\n\n\tindent\r\n  12345678 3.14159 I'll we've";
const ANSWER = `Sure!\n\n\`\`\`python\n${CODE}\n\`\`\`\nhttps://example.org/a?b=c&d=1 — fin.`;

const STRESS = conversation([
  textMessage('system', 'Be brief.'),
  textMessage('user', USER),
  blocksMessage([thoughts('Think… 思考 🤔'), toolCalls([toolCall('search', '{"q": "café 日本"}')]), response(ANSWER)]),
  textMessage('user', '   spaces   and\ttabs\n\n'),
  textMessage('assistant', ANSWER),
]);

export interface GoldenText {
  name: string;
  text: string;
}

const chatml = (role: string, text: string): string => `<|im_start|>${role}\n${text}<|im_end|>\n`;
const llama = (role: string, text: string): string => `<|start_header_id|>${role}<|end_header_id|>\n\n${text}<|eot_id|>`;
const harmony = (header: string, text: string, end = '<|end|>'): string => `<|start|>${header}<|message|>${text}${end}`;

/** Texts per shipped tokenizer id. */
export function goldenTexts(): Record<'qwen3' | 'llama3.1' | 'gpt-oss', GoldenText[]> {
  const apertus = apertusFormat.render(STRESS, { date: '2025-08-25' }).text;
  const openchatml = openChatMlFormat.render(STRESS).text;
  return {
    qwen3: [
      { name: 'chatml (Qwen3 template)', text: chatml('system', 'Be brief.') + chatml('user', USER) + chatml('assistant', `<think>\nThink… 思考 🤔\n</think>\n\n${ANSWER}`) + chatml('user', '   spaces   and\ttabs\n\n') + chatml('assistant', ANSWER) },
      { name: 'openchatml render', text: openchatml },
      { name: 'apertus render', text: apertus },
    ],
    'llama3.1': [
      { name: 'llama3 (Llama 3.1 template)', text: `<|begin_of_text|>${llama('system', 'Cutting Knowledge Date: December 2023\nToday Date: 26 Jul 2024\n\nBe brief.')}${llama('user', USER)}${llama('assistant', ANSWER)}${llama('user', '   spaces   and\ttabs\n\n')}${llama('assistant', ANSWER)}` },
      { name: 'apertus render', text: apertus },
    ],
    'gpt-oss': [
      {
        name: 'harmony (gpt-oss template)',
        text:
          harmony('system', 'You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\n\nReasoning: medium\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.') +
          harmony('user', USER) +
          harmony('assistant<|channel|>analysis', 'Think… 思考 🤔') +
          harmony('assistant<|channel|>commentary to=functions.search <|constrain|>json', '{"q": "café 日本"}', '<|call|>') +
          harmony('functions.search to=assistant<|channel|>commentary', '{"r": 1}') +
          harmony('assistant<|channel|>final', ANSWER, '<|return|>'),
      },
      { name: 'openchatml render', text: openchatml },
      { name: 'apertus render', text: apertus },
    ],
  };
}
