/**
 * Where the search's text is in the record being edited: each field with a match and how many,
 * with a button that shows that field in the editors. Computed on the page from the record in
 * the editors (one record: no worker needed), so it follows typing.
 */
import { useMemo } from 'react';
import { compileSearch, formatPath, searchRecord, type FieldMatch } from '../../../core/index.ts';
import { mutedText } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { plural } from './search-client.ts';
import { useSearchState } from './search-store.ts';

/** Fields listed; more are summed up. */
const LISTED = 8;

interface FieldCount {
  path: FieldMatch['path'];
  label: string;
  count: number;
}

export function RecordMatches() {
  const query = useSearchState((s) => s.resultQuery);
  const record = useAppStore((s) => (s.datasetLoaded?.ok ? s.record : undefined));
  // The record's JSON as read, for `key:` conditions (keys outside the messages are rarely edited).
  const json = useAppStore((s) => (s.datasetLoaded?.ok ? s.datasetLoaded.json : undefined));
  const fields = useMemo((): FieldCount[] => {
    if (!query || !record) return [];
    const compiled = compileSearch(query);
    if (!compiled.ok) return [];
    const counts = new Map<string, FieldCount>();
    for (const match of searchRecord(record, compiled.search, json)) {
      const label = formatPath(match.path);
      const entry = counts.get(label) ?? { path: match.path, label, count: 0 };
      entry.count++;
      counts.set(label, entry);
    }
    return [...counts.values()];
  }, [query, record, json]);

  if (!query || !record) return null;
  if (fields.length === 0) return <p className={`text-sm ${mutedText}`}>No match in this record.</p>;
  return (
    <div className="text-sm">
      <p>In this record:</p>
      <ul aria-label="Matches in this record" className="flex flex-col">
        {fields.slice(0, LISTED).map((field) => (
          <li key={field.label}>
            <button type="button" className="text-left text-sky-800 underline hover:text-sky-950 dark:text-sky-300 dark:hover:text-sky-100" onClick={() => useAppStore.getState().reveal(field.path)}>
              <code>{field.label}</code>
            </button>{' '}
            <span className={mutedText}>({plural(field.count, 'match', 'matches')})</span>
          </li>
        ))}
      </ul>
      {fields.length > LISTED && <p className={mutedText}>and {fields.length - LISTED} more fields.</p>}
    </div>
  );
}
