import { describe, expect, it } from 'vitest';
import type { SaveHandle } from '../dataset/save/file-access.ts';
import { openLaunched, type LaunchDeps } from './launch-queue.ts';

function handle(name: string, text: string, kind: 'file' | 'directory' = 'file'): SaveHandle & { kind: 'file' | 'directory' } {
  return {
    kind,
    name,
    getFile: async () => new File([text], name),
    createWritable: async () => {
      throw new Error('not written in these tests');
    },
  };
}

function recorder(): { deps: LaunchDeps; opened: { file: File; handle: SaveHandle }[]; problems: string[]; infos: string[] } {
  const opened: { file: File; handle: SaveHandle }[] = [];
  const problems: string[] = [];
  const infos: string[] = [];
  return {
    opened,
    problems,
    infos,
    deps: {
      open: async (file, given) => void opened.push({ file, handle: given }),
      problem: (message) => void problems.push(message),
      info: (message) => void infos.push(message),
    },
  };
}

describe('openLaunched', () => {
  it('opens the launched file with its handle, so that Save can write back into it', async () => {
    const launched = handle('data.jsonl', '{"messages":[]}\n');
    const { deps, opened, problems } = recorder();
    await openLaunched({ files: [launched] }, deps);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.handle).toBe(launched);
    expect(opened[0]?.file.name).toBe('data.jsonl');
    expect(await opened[0]?.file.text()).toBe('{"messages":[]}\n');
    expect(problems).toEqual([]);
  });

  it('does nothing when the app was launched without a file', async () => {
    const { deps, opened, problems, infos } = recorder();
    await openLaunched({ files: [] }, deps);
    await openLaunched({}, deps);
    expect([opened, problems, infos]).toEqual([[], [], []]);
  });

  it('opens the first of several files and says the others were not opened', async () => {
    const { deps, opened, infos } = recorder();
    await openLaunched({ files: [handle('a.jsonl', ''), handle('b.jsonl', ''), handle('c.json', '')] }, deps);
    expect(opened.map((entry) => entry.file.name)).toEqual(['a.jsonl']);
    expect(infos).toEqual(['Opened a.jsonl; 2 other file(s) were not opened: Parley works on one file at a time.']);
  });

  it('says so, and opens nothing, when the file cannot be read or is a folder', async () => {
    const { deps, opened, problems } = recorder();
    const unreadable = { ...handle('gone.jsonl', ''), getFile: async () => Promise.reject(new DOMException('The file was moved', 'NotFoundError')) };
    await openLaunched({ files: [unreadable] }, deps);
    await openLaunched({ files: [handle('folder', '', 'directory')] }, deps);
    expect(opened).toEqual([]);
    expect(problems).toEqual(['gone.jsonl could not be read: The file was moved. Nothing was changed.', 'folder is a folder: Parley opens one .jsonl, .ndjson or .json file at a time.']);
  });
});
