/**
 * Parley JSON → ParleyRecord. The input is untrusted (a file, a paste), so its version is
 * checked, every model object gets a fresh id and the result is validated against the model's
 * shape before anyone renders it; each problem names its exact path. The paths of Parley JSON
 * are the model's own paths (`messages[2].content.blocks[0].text`), so the diagnostics of a
 * decoded record and of the file point at the same place.
 */
import { type Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { invalid, note, problem } from '../shared/issues.ts';
import { isObject, type JsonObject } from '../../shared/json.ts';
import type { DecodeResult } from '../types.ts';
import { checkShape } from './check.ts';
import { visitNodes } from './nodes.ts';
import { CODE, PARLEY_JSON_VERSION, VERSION_KEY } from './version.ts';

function versionProblem(version: unknown): Diagnostic | undefined {
  if (version === PARLEY_JSON_VERSION) return undefined;
  const expected = `expected the Parley JSON version ${PARLEY_JSON_VERSION}`;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) return invalid(CODE, [VERSION_KEY], expected, version);
  return problem(CODE, [VERSION_KEY], `version ${version} was written by a newer Parley; this one reads version ${PARLEY_JSON_VERSION}`);
}

/** Gives every model object a fresh id; returns how many came with one (ignored: ids are never read). */
function freshIds(body: JsonObject): number {
  let given = 0;
  visitNodes(body, (node, kind) => {
    if ('id' in node) given += 1;
    node.id = newId(kind);
  });
  return given;
}

export function decodeParleyJson(json: unknown): DecodeResult {
  if (!isObject(json)) return { record: undefined, diagnostics: [invalid(CODE, [], `expected a Parley JSON object {"${VERSION_KEY}": ${PARLEY_JSON_VERSION}, "kind": …}`, json)] };
  const version = versionProblem(json[VERSION_KEY]);
  if (version) return { record: undefined, diagnostics: [version] };
  const { [VERSION_KEY]: _version, ...fields } = json;
  // A copy: ids are added to it, and the record must not share objects with the caller's JSON.
  const body = structuredClone(fields);
  const diagnostics: Diagnostic[] = [];
  const given = freshIds(body);
  if (given > 0) diagnostics.push({ ...note(CODE, [], `${given} "id" field${given === 1 ? ' was' : 's were'} ignored: Parley gives every message, part, block, call, output, tool and file a fresh id (a call's own id is "callId")`), severity: 'info' });
  const problems = checkShape(body);
  if (problems.length > 0) return { record: undefined, diagnostics: [...problems, ...diagnostics] };
  return { record: body as unknown as ParleyRecord, diagnostics };
}
