/**
 * The checks of the open dataset's records, on the page's side: a pass over the file with the
 * store's check profile (store/check-profile.ts), shared by the dataset's worker and a second
 * checking worker given the same File (each takes every other stripe of records: both cores
 * work), and a new pass whenever the profile changes (another format, an option, a rules file,
 * the dialect the records are read as),
 * superseding the one under way. The list stays usable meanwhile: a row keeps its counts until
 * its stripe of the new pass arrives. Edited records are re-checked here, from their texts.
 */
import { sameProfile, type CheckProfile } from '../../core/index.ts';
import { prepareFormat, profileOf, useAppStore, type RowContent } from '../store/index.ts';
import { datasetEngine } from './engine.ts';
import { openRecord } from './navigation.ts';
import type { CheckRequest, FromWorker, IndexMessage, ToWorker } from './protocol.ts';

/** A change of profile waits this long for the next one (typing a Jinja template changes it at every key) before the records are checked again. */
export const RECHECK_DELAY_MS = 400;
/** Edited records re-checked on the page between two pauses (each a few tenths of a millisecond): the page stays responsive. */
const EDITED_PER_SLICE = 200;

type CheckMessage = Extract<FromWorker, { type: 'progress'; phase: 'checking' } | { type: 'contents' } | { type: 'checked' }>;

interface Pass {
  number: number;
  profile: CheckProfile;
  /** Records checked so far by each worker. */
  done: number[];
  finished: Set<number>;
  stopped: boolean;
}

export interface DatasetChecks {
  /** A message of a worker about the checks (progress, contents, checked). */
  handle(worker: number, message: CheckMessage): void;
  /** Stop the pass under way (the progress bar's Stop); rows not reached keep what they had. */
  stop(): void;
  /** The dataset is gone: the second worker ends, profile changes are no longer followed. */
  end(): void;
  /** True while a pass is under way. */
  running(): boolean;
}

export interface ChecksSetup {
  /** The dataset's worker (it indexed the file and keeps it). */
  primary: Worker;
  file: Blob;
  index: IndexMessage;
  name: string;
  /** Makes the second checking worker; none when the machine has a single core. */
  helper: (() => Worker) | null;
  /** A worker failed: the dataset cannot be checked. */
  onFailed: (message: string) => void;
}

/** Whether a second checking worker is worth it: more than one core, and more than one stripe of records. */
export function wantsHelper(records: number, cores: number, stripe: number): boolean {
  return cores > 1 && records > stripe;
}

export function startDatasetChecks(setup: ChecksSetup): DatasetChecks {
  const store = useAppStore.getState;
  const count = setup.index.data.starts.length;
  const workers: Worker[] = [setup.primary];
  if (setup.helper) {
    const helper = setup.helper();
    const adopt: ToWorker = { type: 'adopt', file: setup.file, index: setup.index };
    helper.postMessage(adopt);
    helper.onmessage = (event: MessageEvent<FromWorker>) => {
      const message = event.data;
      if (message.type === 'failed') setup.onFailed(message.message);
      else if (message.type === 'contents' || message.type === 'checked' || (message.type === 'progress' && message.phase === 'checking')) checks.handle(1, message);
    };
    helper.onerror = (event) => {
      event.preventDefault();
      setup.onFailed(event.message || 'the checking worker stopped');
    };
    workers.push(helper);
  }
  let pass: Pass | null = null;
  let passes = 0;
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const showProgress = (): void => {
    if (!pass || pass.stopped) return;
    const done = pass.done.reduce((a, b) => a + b, 0);
    store().setDatasetProgress({ phase: 'checking', done, total: count, name: setup.name, cancel: () => checks.stop() });
  };

  const begin = (profile: CheckProfile): void => {
    pass = { number: ++passes, profile, done: workers.map(() => 0), finished: new Set(), stopped: false };
    workers.forEach((worker, part) => {
      const request: CheckRequest = { type: 'check', pass: passes, profile, part, parts: workers.length };
      worker.postMessage(request);
    });
    showProgress();
    if (passes > 1) {
      void recheckEdited(pass);
      reloadCurrent();
    }
  };

  /**
   * The record in the editors, read again with the new profile (its dialect may change with the
   * format: chooseDialect), so that it shows what its row shows; only when it has no edit, which
   * reading again would drop from its undo history.
   */
  const reloadCurrent = (): void => {
    const { currentRecord, datasetLoaded, record } = store();
    if (currentRecord === null || !datasetLoaded || (datasetLoaded.ok && record !== datasetLoaded.record)) return;
    openRecord(currentRecord);
  };

  /** Edited records (their texts are on the page, not in the file the workers read), a slice at a time. */
  const recheckEdited = async (of: Pass): Promise<void> => {
    await prepareFormat(of.profile.formatId);
    const ids = [...store().datasetChanges.edited.keys()];
    for (let at = 0; at < ids.length; at += EDITED_PER_SLICE) {
      if (pass !== of || ended) return;
      const contents = new Map<number, RowContent>();
      const { datasetChanges, datasetRows } = store();
      for (const id of ids.slice(at, at + EDITED_PER_SLICE)) {
        const text = datasetChanges.edited.get(id);
        const row = datasetRows[id];
        if (text !== undefined && row) contents.set(id, datasetEngine.content(datasetEngine.decode(text, row.line)));
      }
      store().setRowContents(contents);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };

  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (state.formatId === previous.formatId && state.formatOptions === previous.formatOptions && state.datasetRules === previous.datasetRules && state.datasetReadAs === previous.datasetReadAs) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (ended || !pass) return;
      const profile = profileOf(store());
      if (!sameProfile(profile, pass.profile)) begin(profile);
    }, RECHECK_DELAY_MS);
  });

  const checks: DatasetChecks = {
    handle(worker, message) {
      if (!pass || message.pass !== pass.number || pass.stopped || ended) return;
      if (message.type === 'contents') store().addRowContents(message.from, message.contents);
      else if (message.type === 'progress') {
        pass.done[worker] = message.done;
        showProgress();
      } else {
        pass.finished.add(worker);
        if (pass.finished.size === workers.length) store().setDatasetProgress(null);
      }
    },
    stop() {
      if (!pass || pass.stopped || pass.finished.size === workers.length) return;
      pass.stopped = true;
      const stop: ToWorker = { type: 'stop-check' };
      for (const worker of workers) worker.postMessage(stop);
      store().setDatasetProgress(null);
      store().showNotice({ tone: 'info', title: `Stopped checking ${setup.name}: a record not checked yet is checked when you open it.` });
    },
    end() {
      ended = true;
      clearTimeout(timer);
      unsubscribe();
      for (const worker of workers.slice(1)) worker.terminate();
    },
    running: () => pass !== null && !pass.stopped && pass.finished.size < workers.length,
  };
  begin(profileOf(store()));
  return checks;
}
