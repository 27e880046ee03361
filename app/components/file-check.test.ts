// The browser-side check of chosen files: the same limits as the server, told before anything is sent.
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_RULES, checkChosenFiles, PROFILE_IMAGE_RULES } from './file-check';

const MIB = 1024 * 1024;

describe('checkChosenFiles', () => {
  it('lets through up to five allowed files of exactly 10 MiB', () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `scan-${i}.PDF`, size: 10 * MIB }));
    expect(checkChosenFiles(files, ATTACHMENT_RULES)).toEqual([]);
  });

  it('names a file one byte over 10 MiB and one of a refused type', () => {
    expect(
      checkChosenFiles(
        [
          { name: 'حاوية.pdf', size: 10 * MIB + 1 },
          { name: 'run.exe', size: 10 },
        ],
        ATTACHMENT_RULES,
      ),
    ).toEqual([
      'requests:upload.fileTooLarge|{"filename":"حاوية.pdf","maxMb":10}',
      'requests:upload.fileType|{"filename":"run.exe"}',
    ]);
  });

  it('refuses a sixth file', () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, size: 1 }));
    expect(checkChosenFiles(files, ATTACHMENT_RULES)).toEqual(['requests:upload.tooManyFiles|{"max":5}']);
  });

  it('holds a profile picture to its own limit (2 MiB) and types', () => {
    expect(checkChosenFiles([{ name: 'me.webp', size: 2 * MIB }], PROFILE_IMAGE_RULES)).toEqual([]);
    expect(checkChosenFiles([{ name: 'me.jpg', size: 3 * MIB }], PROFILE_IMAGE_RULES)).toEqual([
      'account:image.tooLarge|{"mb":2}',
    ]);
    expect(checkChosenFiles([{ name: 'me.gif', size: 10 }], PROFILE_IMAGE_RULES)).toEqual([
      'account:image.wrongType',
    ]);
  });
});
