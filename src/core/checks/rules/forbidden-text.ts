/**
 * forbiddenText: text no message may contain, plain or a regular expression, optionally only in
 * messages of some roles. Looked for in every text a person wrote (dataset/search/text-fields.ts:
 * content, text parts, fill-in-the-middle segments, thoughts, responses, tool-call arguments and
 * results; the parts of a document record when no roles are given), one diagnostic per field and
 * pattern, at the field. Regular expressions run in a linear-time engine (regex/match.ts): a
 * pattern can never hang the check, whatever the text.
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { formatPath } from '../../model/path.ts';
import { roleList, ruleDiagnostic } from './diagnostic.ts';
import type { RuleSubject } from './subject.ts';
import { compileSafeRegex, MAX_STEPS_PER_CHAR, type RegexMatch, type RegexStopped, type SafeRegexCompile } from './regex/match.ts';
import type { ForbiddenPattern, LintRules } from './types.ts';

type Rule = NonNullable<LintRules['forbiddenText']>;

/** A match longer than this is shown cut: the sentence names the match, it does not quote the message. */
const SHOWN_MATCH_CHARS = 40;

export function checkForbiddenText(record: RuleSubject, rule: Rule): Diagnostic[] {
  const { unusable, searches } = searchesOf(rule);
  const out: Diagnostic[] = [];
  for (const { pattern, message } of unusable) out.push(ruleDiagnostic('forbiddenText', rule, `The forbidden pattern ${shownPattern(pattern)} cannot be used (forbiddenText): ${message}.`));
  if (record.kind === 'document' && rule.roles !== undefined) return out; // a document has no roles
  if (searches.length === 0) return out;
  record.eachText((text, _m, spot) => {
    for (let s = 0; s < searches.length; s++) {
      const { pattern, find } = searches[s]!;
      const match = find(text);
      if (match === undefined) continue;
      // A search past its budget proves nothing either way: the field is reported as not searched (never silently passed).
      const path = spot.path();
      const message = 'stopped' in match ? stoppedSentence(pattern, path, match) : sentence(rule, pattern, path, text, match);
      out.push(ruleDiagnostic('forbiddenText', rule, message, path));
    }
  }, rule.roles);
  return out;
}

type Search = { pattern: ForbiddenPattern; find: Exclude<Finder, { message: string }> };
type Finder = ((text: string) => RegexMatch | RegexStopped | undefined) | { message: string };

/** A rule's patterns made ready: those that cannot be searched for (and why), and the others as a plain list. */
interface Searches {
  unusable: { pattern: ForbiddenPattern; message: string }[];
  searches: Search[];
}

/**
 * Per rule object, made at its first record and kept while the rule is (a rules file is read
 * once and never changed in place): not made again for every record of a data set.
 */
const searchesByRule = new WeakMap<Rule, Searches>();

function searchesOf(rule: Rule): Searches {
  let made = searchesByRule.get(rule);
  if (made === undefined) {
    made = { unusable: [], searches: [] };
    for (const pattern of rule.patterns) {
      const find = finderOf(pattern);
      if ('message' in find) made.unusable.push({ pattern, message: find.message });
      else made.searches.push({ pattern, find });
    }
    searchesByRule.set(rule, made);
  }
  return made;
}

function finderOf(pattern: ForbiddenPattern): Finder {
  if ('text' in pattern) {
    const wanted = pattern.text;
    if (wanted === '') return { message: 'an empty text is in every message' };
    return (text) => {
      const start = text.indexOf(wanted);
      return start < 0 ? undefined : { start, end: start + wanted.length };
    };
  }
  const compiled = compiledRegex(pattern.regex, pattern.flags ?? '');
  if (!compiled.ok) return { message: compiled.message };
  return (text) => compiled.regex.find(text);
}

/**
 * Compiled patterns, by flags and source: a rules file's patterns are compiled once, not once
 * per record. Bounded so that a long session that loads many rules files does not keep them all.
 */
const COMPILED_CACHE_SIZE = 256;
const compiled = new Map<string, SafeRegexCompile>();

function compiledRegex(source: string, flags: string): SafeRegexCompile {
  const key = `${flags}/${source}`;
  let hit = compiled.get(key);
  if (hit === undefined) {
    if (compiled.size >= COMPILED_CACHE_SIZE) compiled.clear();
    hit = compileSafeRegex(source, flags);
    compiled.set(key, hit);
  }
  return hit;
}

function shownPattern(pattern: ForbiddenPattern): string {
  return 'text' in pattern ? JSON.stringify(pattern.text) : `/${pattern.regex}/${pattern.flags ?? ''}`;
}

function sentence(rule: Rule, pattern: ForbiddenPattern, path: readonly (string | number)[], text: string, match: RegexMatch): string {
  const which = rule.roles === undefined ? 'No message' : `No ${roleList(rule.roles)} message`;
  const where = `${formatPath(path)} has ${'text' in pattern ? 'it' : JSON.stringify(cut(text.slice(match.start, match.end)))} at character ${match.start + 1}`;
  return 'text' in pattern ? `${which} may contain ${shownPattern(pattern)} (forbiddenText); ${where}.` : `${which} may match ${shownPattern(pattern)} (forbiddenText); ${where}.`;
}

function stoppedSentence(pattern: ForbiddenPattern, path: readonly (string | number)[], stopped: RegexStopped): string {
  return `The forbidden pattern ${shownPattern(pattern)} was stopped after ${stopped.steps.toLocaleString('en')} steps (${MAX_STEPS_PER_CHAR} a character) in ${formatPath(path)} (forbiddenText): that text was not searched to its end; a simpler pattern is searched whole.`;
}

function cut(text: string): string {
  return text.length > SHOWN_MATCH_CHARS ? `${text.slice(0, SHOWN_MATCH_CHARS)}…` : text;
}
