/**
 * What the team's rules read of an Apertus JSON record (core/checks/rules/subject.ts: the roles
 * of its messages and its text fields), read straight from the parsed JSON of a record that
 * `apertusCleanCheck` proved clean, without building the model. For such a record the reader
 * keeps each message, in order, with its role, and each text where this walk finds it, at the
 * path the model gives it (`apertus-subject.test.ts` checks both on generated records against
 * `subjectOf` of the decoded record), so the rules' diagnostics are those of the model.
 *
 * Only for a record the clean check accepted: the walk relies on the shapes it allows (a
 * system content a string or `{"text"}`, a user content a string or `{"parts"}` of text parts,
 * an assistant content a string or `{"blocks"}`, a tool content a string) and checks none.
 * The walk allocates nothing per text (one spot, rewritten as it goes): it runs on every record
 * of a data set.
 */
import type { RuleSubject, TextSpot, TextVisit } from '../checks/rules/subject.ts';
import type { FieldPath } from '../model/path.ts';
import type { JsonObject } from '../shared/json.ts';

export function cleanApertusSubject(json: unknown): RuleSubject {
  const messages = (Array.isArray(json) ? json : (json as JsonObject).messages) as readonly JsonObject[];
  const roles: string[] = new Array<string>(messages.length);
  for (let m = 0; m < messages.length; m++) roles[m] = messages[m]!.role as string;
  return { kind: 'chat', roles, eachText: (visit, only) => eachText(messages, roles, visit, only) };
}

/** Where a text of the walk is: which field of which message (the model's path, made on demand). */
const enum Field {
  /** `messages[m].content`: a string, or a system message's `{"text"}` (the model's text content). */
  Content,
  /** `messages[m].content.parts[item].text` */
  Part,
  /** `messages[m].content.blocks[block].text` (thoughts, response) */
  BlockText,
  /** `messages[m].content.blocks[block].calls[item].arguments` */
  Arguments,
  /** `messages[m].content.blocks[block].outputs[item].output` */
  Output,
}

class Spot implements TextSpot {
  message = 0;
  field = Field.Content;
  block = 0;
  item = 0;

  path(): FieldPath {
    const content = ['messages', this.message, 'content'];
    switch (this.field) {
      case Field.Content:
        return content;
      case Field.Part:
        return [...content, 'parts', this.item, 'text'];
      case Field.BlockText:
        return [...content, 'blocks', this.block, 'text'];
      case Field.Arguments:
        return [...content, 'blocks', this.block, 'calls', this.item, 'arguments'];
      case Field.Output:
        return [...content, 'blocks', this.block, 'outputs', this.item, 'output'];
    }
  }
}

function eachText(messages: readonly JsonObject[], roles: readonly string[], visit: TextVisit, only: readonly string[] | undefined): void {
  const spot = new Spot();
  for (let m = 0; m < messages.length; m++) {
    if (only !== undefined && !only.includes(roles[m]!)) continue;
    spot.message = m;
    spot.field = Field.Content;
    const content = messages[m]!.content;
    if (typeof content === 'string') {
      visit(content, m, spot);
      continue;
    }
    const form = content as JsonObject;
    if (typeof form.text === 'string') visit(form.text, m, spot);
    else if (Array.isArray(form.parts)) eachPart(form.parts as readonly JsonObject[], m, spot, visit);
    else eachBlock(form.blocks as readonly JsonObject[], m, spot, visit);
  }
}

function eachPart(parts: readonly JsonObject[], m: number, spot: Spot, visit: TextVisit): void {
  spot.field = Field.Part;
  for (let p = 0; p < parts.length; p++) {
    spot.item = p;
    visit(parts[p]!.text as string, m, spot);
  }
}

function eachBlock(blocks: readonly JsonObject[], m: number, spot: Spot, visit: TextVisit): void {
  for (let b = 0; b < blocks.length; b++) {
    const block = blocks[b]!;
    spot.block = b;
    switch (block.type) {
      case 'thoughts':
      case 'response':
        spot.field = Field.BlockText;
        visit(block.text as string, m, spot);
        break;
      case 'tool_calls':
        spot.field = Field.Arguments;
        eachItem(block.calls as readonly JsonObject[], 'arguments', m, spot, visit);
        break;
      case 'tool_outputs':
        spot.field = Field.Output;
        eachItem(block.outputs as readonly JsonObject[], 'output', m, spot, visit);
        break;
    }
  }
}

function eachItem(items: readonly JsonObject[], key: 'arguments' | 'output', m: number, spot: Spot, visit: TextVisit): void {
  for (let i = 0; i < items.length; i++) {
    spot.item = i;
    visit(items[i]![key] as string, m, spot);
  }
}
