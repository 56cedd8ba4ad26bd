/**
 * The search box's syntax in a few lines (core/dataset/search/search-syntax.ts has the rules),
 * folded under the box: a `<details>` opens with the keyboard and is announced as expandable.
 */
import { mutedText } from '../../layout/ui.ts';

const EXAMPLES: readonly [string, string][] = [
  ['role:assistant hello', '“hello” in assistant messages only (role:user, role:tool, role:human…)'],
  ['tool:get_weather', 'records that call get_weather; tool:get_weather Paris: Paris in its arguments'],
  ['in:args Paris', 'in tool-call arguments only; also in:text, in:thoughts, in:results'],
  ['key:metadata.source=web', 'records whose JSON has that value at that key; key:metadata.source: the key is there'],
  ['key:meta.src="web crawl" role:user hi', 'qualifiers combine; quote a value with spaces'],
  ['tool:get_* role:bot', '* stands for any characters; a qualifier alone finds its messages or calls'],
  ['text:role:x', 'text: ends the qualifiers: searches for the text “role:x”'],
];

export function SearchHelp() {
  return (
    <details className="text-sm open:basis-full">
      <summary className={`cursor-pointer ${mutedText}`}>Search syntax</summary>
      <div role="region" aria-label="Search syntax" className="mt-1 flex flex-col gap-1">
        <p>Qualifiers go first, then the text (or regular expression), as typed. Names and values are compared whole and follow Aa.</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
          {EXAMPLES.map(([example, meaning]) => (
            <div key={example} className="contents">
              <dt>
                <code>{example}</code>
              </dt>
              <dd className={mutedText}>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p className={mutedText}>A replace changes the text only in the fields the qualifiers pick. To find empty fields (an empty assistant turn), use the Empty field filter.</p>
      </div>
    </details>
  );
}
