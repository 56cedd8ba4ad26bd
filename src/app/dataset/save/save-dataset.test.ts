import { describe, expect, it } from 'vitest';
import type { DatasetFile } from '../../store/index.ts';
import type { SaveHandle } from './file-access.ts';
import { expectHandle, handleOf } from './save-dataset.ts';

const dataset = (source: File) => ({ name: source.name, source }) as unknown as DatasetFile;

describe('which dataset Save may write in place', () => {
  it('only the one read from the picked File, not another file of the same name', () => {
    const picked = new File(['a'], 'data.jsonl');
    const handle = { name: 'data.jsonl' } as SaveHandle;
    expectHandle(handle, picked);
    expect(handleOf(dataset(picked))).toBe(handle);
    expect(handleOf(dataset(new File(['a'], 'data.jsonl')))).toBeUndefined();
    expect(handleOf(null)).toBeUndefined();
  });
});
