/**
 * An in-memory `DatasetStorage` for unit tests, with the same all-or-nothing writes as the
 * IndexedDB one, a way to make writes fail (a full quota) and a count of written entries (to
 * check that saving is incremental). Only tests import it.
 */
import type { FileFingerprint } from '../../../core/dataset/index.ts';
import { applyChanges, EMPTY_WORK, type EntryChange } from './dataset-work.ts';
import { fingerprintKey, type DatasetMeta, type DatasetStorage, type KeptWork, type SavedDataset, type SavedRules } from './dataset-storage.ts';
import { checkWrite, type WriteCheck, type Writer } from '../../persistence/write-check.ts';
import type { CopyStore } from './pagehide-copy.ts';

export class FakeDatasetStorage implements DatasetStorage {
  readonly metasByKey = new Map<string, DatasetMeta>();
  readonly entries = new Map<string, Map<string, EntryChange>>();
  /** Entries written (put or deleted) by every write so far. */
  entriesWritten = 0;
  writes = 0;
  /** Set to make every write fail with this error until cleared. */
  failWith: Error | undefined;

  async read(fingerprint: FileFingerprint): Promise<SavedDataset | undefined> {
    const key = fingerprintKey(fingerprint);
    const meta = this.metasByKey.get(key);
    if (!meta) return undefined;
    const work = applyChanges(EMPTY_WORK, [...(this.entries.get(key)?.values() ?? [])]);
    return { meta: { ...meta }, work: { ...work, current: meta.current } };
  }

  async metas(): Promise<DatasetMeta[]> {
    return [...this.metasByKey.values()].map((meta) => ({ ...meta }));
  }

  async write(meta: DatasetMeta, changes: readonly EntryChange[], writer: Writer): Promise<WriteCheck> {
    await Promise.resolve();
    if (this.failWith) throw this.failWith;
    const key = fingerprintKey(meta);
    const check = checkWrite(this.metasByKey.get(key), writer);
    if (!check.ok) return check;
    this.writes += 1;
    this.entriesWritten += changes.length;
    this.metasByKey.set(key, structuredClone({ ...meta, revision: check.revision, writer: writer.id }));
    const entries = this.entries.get(key) ?? new Map<string, EntryChange>();
    for (const change of changes) {
      const id = `${change.kind}:${change.index}`;
      if (change.value === undefined) entries.delete(id);
      else entries.set(id, structuredClone(change));
    }
    this.entries.set(key, entries);
    return check;
  }

  readonly keptByKey = new Map<string, KeptWork[]>();

  async keep(fingerprint: FileFingerprint, kept: KeptWork): Promise<void> {
    if (this.failWith) throw this.failWith;
    const key = fingerprintKey(fingerprint);
    const list = (this.keptByKey.get(key) ?? []).filter((entry) => entry.id !== kept.id);
    this.keptByKey.set(key, [...list, structuredClone(kept)]);
  }

  async kept(fingerprint: FileFingerprint): Promise<KeptWork[]> {
    return structuredClone(this.keptByKey.get(fingerprintKey(fingerprint)) ?? []);
  }

  async dropKept(fingerprint: FileFingerprint): Promise<void> {
    this.keptByKey.delete(fingerprintKey(fingerprint));
  }

  async remove(fingerprint: FileFingerprint): Promise<void> {
    const key = fingerprintKey(fingerprint);
    this.metasByKey.delete(key);
    this.entries.delete(key);
  }

  readonly rulesByName = new Map<string, SavedRules>();

  async rules(name: string): Promise<SavedRules | undefined> {
    const rules = this.rulesByName.get(name);
    return rules && { ...rules };
  }

  async setRules(name: string, rules: SavedRules | undefined): Promise<void> {
    if (this.failWith) throw this.failWith;
    if (rules === undefined) this.rulesByName.delete(name);
    else this.rulesByName.set(name, { ...rules });
  }

  readonly readAsByName = new Map<string, string>();

  async readAs(name: string): Promise<string | undefined> {
    return this.readAsByName.get(name);
  }

  async setReadAs(name: string, dialect: string | undefined): Promise<void> {
    if (this.failWith) throw this.failWith;
    if (dialect === undefined) this.readAsByName.delete(name);
    else this.readAsByName.set(name, dialect);
  }

  entryCount(fingerprint: FileFingerprint): number {
    return this.entries.get(fingerprintKey(fingerprint))?.size ?? 0;
  }
}

export class FakeCopyStore implements CopyStore {
  text: string | undefined;
  refuse: string | undefined;
  read(): string | undefined {
    return this.text;
  }
  write(text: string): string | undefined {
    if (this.refuse !== undefined) return this.refuse;
    this.text = text;
    return undefined;
  }
  clear(): void {
    this.text = undefined;
  }
}
