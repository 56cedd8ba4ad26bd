import { beforeEach, describe, expect, it } from 'vitest';
import { conversation, textMessage, type ParleyRecord } from '../../core/model/index.ts';
import { EditSession, type EditSessionHost, type EditStatus, type ReadBack, type Timers } from './edit-session.ts';

/** A view whose "format" is the record's one user message, upper-cased: "HI" reads back as "hi". */
class FakeView implements EditSessionHost {
  editor = '';
  store = conversation([textMessage('user', 'hi')]) as ParleyRecord;
  statuses: EditStatus[] = [];
  problems: unknown[] = [];
  commits = 0;
  session!: EditSession;

  render(record: ParleyRecord): string {
    return record.kind === 'chat' && record.messages[0]?.content?.type === 'text' ? record.messages[0].content.text.toUpperCase() : '';
  }
  typedText(): string {
    return this.editor;
  }
  showStoreText(): void {
    this.editor = this.render(this.store);
  }
  setProblems(problems: readonly unknown[]): void {
    this.problems = [...problems];
  }
  read(text: string): ReadBack {
    if (text.includes('!')) return { problems: [{ diagnostic: { severity: 'error', code: 'bang', message: 'no !' }, range: { start: text.indexOf('!'), end: text.indexOf('!') + 1 } }] };
    return { record: conversation([textMessage('user', text.toLowerCase().trim())]), problems: [] };
  }
  commit(record: ParleyRecord): void {
    this.commits += 1;
    this.setStore(record);
  }
  onStatus(status: EditStatus): void {
    this.statuses.push(status);
  }
  /** A store change: the view is told, and shows the text when the session says so. */
  setStore(record: ParleyRecord): void {
    this.store = record;
    const text = this.render(record);
    if (this.session.storeChanged(text)) this.editor = text;
  }
  type(text: string): void {
    this.editor = text;
    this.session.typed();
  }
}

class ManualTimers implements Timers {
  queue = new Map<number, () => void>();
  next = 0;
  set(callback: () => void): unknown {
    this.queue.set(++this.next, callback);
    return this.next;
  }
  clear(handle: unknown): void {
    this.queue.delete(handle as number);
  }
  run(): void {
    const callbacks = [...this.queue.values()];
    this.queue.clear();
    callbacks.forEach((callback) => callback());
  }
}

let view: FakeView;
let timers: ManualTimers;

beforeEach(() => {
  view = new FakeView();
  timers = new ManualTimers();
  view.session = new EditSession(view, 10, timers);
  view.setStore(view.store);
});

function storeText(): string {
  return view.store.kind === 'chat' && view.store.messages[0]?.content?.type === 'text' ? view.store.messages[0].content.text : '';
}

describe('EditSession', () => {
  it('follows the store while nothing is typed', () => {
    expect(view.editor).toBe('HI');
    view.setStore(conversation([textMessage('user', 'hello')]));
    expect(view.editor).toBe('HELLO');
  });

  it('reads typed text back after a pause and stays in step when the store writes the same text', () => {
    view.type('HEY');
    expect(view.commits).toBe(0);
    timers.run();
    expect(storeText()).toBe('hey');
    expect(view.session.isEdited).toBe(false);
    expect(view.statuses.at(-1)).toEqual({ state: 'applied', normalised: false, problems: [] });
  });

  it('keeps the typed text when the store writes it differently, until the view loses focus', () => {
    view.type('HEY  ');
    timers.run();
    expect(storeText()).toBe('hey');
    expect(view.editor).toBe('HEY  ');
    expect(view.statuses.at(-1)).toMatchObject({ state: 'applied', normalised: true });
    view.session.blurred();
    expect(view.editor).toBe('HEY');
    expect(view.statuses.at(-1)).toEqual({ state: 'synced' });
  });

  it('shows problems of text that does not parse and leaves the record, even on blur', () => {
    view.type('HI!');
    timers.run();
    expect(storeText()).toBe('hi');
    expect(view.problems).toHaveLength(1);
    view.session.blurred();
    expect(view.editor).toBe('HI!');
    view.type('HO');
    timers.run();
    expect(storeText()).toBe('ho');
    expect(view.problems).toEqual([]);
  });

  it('reads pending typing when focus leaves', () => {
    view.type('YES');
    view.session.blurred();
    expect(storeText()).toBe('yes');
    expect(view.editor).toBe('YES');
  });

  it('lets a change from elsewhere (a form, undo) replace the typed text', () => {
    view.type('HI!');
    timers.run();
    view.setStore(conversation([textMessage('user', 'from a form')]));
    expect(view.editor).toBe('FROM A FORM');
    expect(view.problems).toEqual([]);
    expect(view.session.isEdited).toBe(false);
    // A pending read-back is dropped too.
    view.type('TYPED');
    view.setStore(conversation([textMessage('user', 'undo')]));
    timers.run();
    expect(storeText()).toBe('undo');
  });

  it('needs no read-back when the typing returns to the store text', () => {
    view.type('HIX');
    view.type('HI');
    timers.run();
    expect(view.commits).toBe(0);
    expect(view.session.isEdited).toBe(false);
  });
});
