/**
 * A JSON value edited as text (tool parameter schemas, value parts). The model holds the parsed
 * value, so the text being typed lives here until it parses; a syntax error is shown at once,
 * with line and column, and the last valid value stays in the record (nothing half-typed is
 * committed, nothing is lost while typing). A change from elsewhere (undo, load) resets the text.
 */
import { useMemo, useState } from 'react';
import { describeJsonSyntaxError, describeJsonTooDeep, findJsonTooDeep, MAX_JSON_DEPTH, parseJson, type Diagnostic, type FieldPath } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { actionLabel } from '../labels.ts';
import { prettyJson } from '../ops/json-format.ts';
import { AutoTextarea } from './AutoTextarea.tsx';
import { FieldDiagnostics } from './FieldDiagnostics.tsx';
import { buttonClass, inputClass, monoClass, smallLabelClass } from './styles.ts';
import { useFieldBinding } from './useFieldBinding.ts';

interface Props {
  path: FieldPath;
  value: unknown;
  caption: string;
  /** Empty text removes the field (optional fields such as parameters); otherwise it is an error. */
  optional?: boolean;
  placeholder?: string;
}

function show(value: unknown): string {
  return value === undefined ? '' : (JSON.stringify(value, null, 2) ?? '');
}

/**
 * A value nested deeper than the record may be (MAX_JSON_DEPTH, counted from the record's root,
 * which is `path.length` levels above the value) is not applied: recursive code (immer's freeze,
 * the renderers) would overflow the stack on it.
 */
function tooDeep(value: unknown, path: FieldPath): string | undefined {
  const problem = findJsonTooDeep(value, Math.max(1, MAX_JSON_DEPTH - path.length));
  return problem && describeJsonTooDeep(problem);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function JsonValueField({ path, value, caption, optional = false, placeholder }: Props) {
  const [text, setText] = useState(() => show(value));
  const [source, setSource] = useState(value);
  if (source !== value) {
    setSource(value);
    // Our own commit comes back as `value`: keep the person's layout. Anything else replaces it.
    const current = parseJson(text);
    const ours = current.ok ? sameJson(current.value, value) : false;
    if (!ours && !(text.trim() === '' && value === undefined)) setText(show(value));
  }

  const pathKey = path.join('.');
  const local = useMemo((): Diagnostic[] => {
    if (text.trim() === '') return optional ? [] : [{ severity: 'error', code: 'json/empty', message: 'Empty: write a JSON value.' }];
    const parsed = parseJson(text);
    if (!parsed.ok) return [{ severity: 'error', code: 'json/syntax', message: `Not valid JSON (not applied): ${describeJsonSyntaxError(parsed.error)}.` }];
    const deep = tooDeep(parsed.value, path);
    return deep === undefined ? [] : [{ severity: 'error', code: 'json/too-deep', message: `Not applied: ${deep}.` }];
    // `path` is a fresh array each render: its text is the dependency.
  }, [text, optional, pathKey]);
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(path, local);

  const onValueChange = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      if (optional) setField(path, undefined);
      return;
    }
    const parsed = parseJson(next);
    if (parsed.ok && tooDeep(parsed.value, path) === undefined && !sameJson(parsed.value, value)) setField(path, parsed.value);
  };

  return (
    <div className="min-w-0">
      <div className="mb-0.5 flex items-center gap-2">
        <span className={smallLabelClass}>{caption}</span>
        <span className="flex-1" />
        <button
          type="button"
          className={buttonClass}
          disabled={local.length > 0 || text.trim() === ''}
          aria-label={actionLabel('Pretty-print', path)}
          onClick={() => setText(prettyJson(text))}
        >
          Pretty-print
        </button>
      </div>
      <AutoTextarea {...controlProps} value={text} placeholder={placeholder} onValueChange={onValueChange} className={`${inputClass} ${monoClass}`} />
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
