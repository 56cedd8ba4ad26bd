/**
 * Save against fake handles: in place when there is a handle (permission asked, refused, the
 * write failing half-way), a download otherwise. The real File System Access API is exercised
 * end to end (e2e/dataset-persistence.spec.ts, with a handle from the origin-private file system).
 */
import { describe, expect, it } from 'vitest';
import { canSaveInPlace, pickDatasetFile, type Permission, type SaveHandle } from './file-access.ts';
import { saveDataset } from './save-in-place.ts';

/** A file on a fake disk: written only when the writable is closed, as the browser does. */
class FakeHandle implements SaveHandle {
  disk: string;
  written: string[] = [];
  aborted = false;
  constructor(
    readonly name: string,
    content: string,
    private permission: { query: Permission; request: Permission },
    private failWrite?: Error,
  ) {
    this.disk = content;
  }
  async getFile(): Promise<File> {
    return new File([this.disk], this.name);
  }
  async createWritable() {
    if (this.permission.query !== 'granted' && this.permission.request !== 'granted') throw new DOMException('denied', 'NotAllowedError');
    let pending = '';
    return {
      write: async (data: Blob) => {
        if (this.failWrite) throw this.failWrite;
        pending += await data.text();
      },
      close: async () => {
        this.disk = pending;
        this.written.push(pending);
      },
      abort: async () => {
        this.aborted = true;
      },
    };
  }
  requested = 0;
  async queryPermission(): Promise<Permission> {
    return this.permission.query;
  }
  async requestPermission(): Promise<Permission> {
    this.requested += 1;
    if (this.permission.request === 'granted') this.permission.query = 'granted';
    return this.permission.request;
  }
}

const downloads: { name: string; text: Promise<string> }[] = [];
const download = (blob: Blob, name: string) => void downloads.push({ name, text: blob.text() });

describe('Save', () => {
  it('writes the export back into the file and hands back the saved file', async () => {
    const handle = new FakeHandle('data.jsonl', '{"a":1}\n', { query: 'granted', request: 'granted' });
    const result = await saveDataset({ blob: new Blob(['{"a":2}\n', '{"b":3}\n']), name: 'data.jsonl', handle, download });
    expect(result.kind).toBe('saved');
    expect(handle.disk).toBe('{"a":2}\n{"b":3}\n');
    expect(result.kind === 'saved' && (await result.file.text())).toBe('{"a":2}\n{"b":3}\n');
    expect(result.message).toBe('Saved data.jsonl (16 bytes).');
    expect(handle.requested).toBe(0);
  });

  it('asks for write access when it is not granted yet', async () => {
    const handle = new FakeHandle('data.jsonl', 'old', { query: 'prompt', request: 'granted' });
    const result = await saveDataset({ blob: new Blob(['new']), name: 'data.jsonl', handle, download });
    expect(handle.requested).toBe(1);
    expect(result.kind).toBe('saved');
    expect(handle.disk).toBe('new');
  });

  it('says so when write access is refused, and writes nothing', async () => {
    const handle = new FakeHandle('data.jsonl', 'old', { query: 'prompt', request: 'denied' });
    const result = await saveDataset({ blob: new Blob(['new']), name: 'data.jsonl', handle, download });
    expect(result.kind).toBe('refused');
    expect(result.message).toContain('not allowed to write to data.jsonl');
    expect(result.message).toContain('Export');
    expect(handle.disk).toBe('old');
  });

  it('a refusal thrown by createWritable is a refusal too', async () => {
    const handle = new FakeHandle('data.jsonl', 'old', { query: 'denied', request: 'denied' });
    // A browser without the permission calls: createWritable() itself refuses.
    Object.defineProperty(handle, 'requestPermission', { value: undefined });
    const result = await saveDataset({ blob: new Blob(['new']), name: 'data.jsonl', handle, download });
    expect(result.kind).toBe('refused');
  });

  it('a write that fails half-way is aborted: the file is unchanged and the reason is said', async () => {
    const handle = new FakeHandle('data.jsonl', 'old', { query: 'granted', request: 'granted' }, new DOMException('The disk is full', 'QuotaExceededError'));
    const result = await saveDataset({ blob: new Blob(['new']), name: 'data.jsonl', handle, download });
    expect(result).toEqual({ kind: 'failed', message: 'data.jsonl could not be saved: The disk is full. The file is unchanged.' });
    expect(handle.aborted).toBe(true);
    expect(handle.disk).toBe('old');
  });

  it('without a handle, downloads the file under its name', async () => {
    downloads.length = 0;
    const result = await saveDataset({ blob: new Blob(['x\n']), name: 'data.jsonl', handle: undefined, download });
    expect(result.kind).toBe('downloaded');
    expect(downloads.map((d) => d.name)).toEqual(['data.jsonl']);
    expect(await downloads[0]?.text).toBe('x\n');
  });
});

describe('the picker', () => {
  it('is offered only where showOpenFilePicker exists', () => {
    expect(canSaveInPlace({})).toBe(false);
    expect(canSaveInPlace({ showOpenFilePicker: async () => [] })).toBe(true);
  });

  it('returns the file and its handle, and nothing when the person cancels', async () => {
    const handle = new FakeHandle('d.jsonl', 'abc', { query: 'granted', request: 'granted' });
    const picked = await pickDatasetFile({ showOpenFilePicker: async () => [handle] });
    expect(picked?.handle).toBe(handle);
    expect(await picked?.file.text()).toBe('abc');
    const cancelled = await pickDatasetFile({
      showOpenFilePicker: async () => {
        throw new DOMException('The user aborted a request.', 'AbortError');
      },
    });
    expect(cancelled).toBeUndefined();
    await expect(pickDatasetFile({ showOpenFilePicker: async () => Promise.reject(new DOMException('blocked', 'SecurityError')) })).rejects.toThrow('blocked');
  });
});
