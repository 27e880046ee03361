// The browser's own check of the files chosen in a file input, before the form is sent: the same
// limits as the server (which still checks everything, with or without JavaScript), so that a file too
// large or of a refused type is told at once instead of after a long upload.
import { useState, type ChangeEvent } from 'react';
import {
  ATTACHMENT_LIMITS,
  attachmentType,
  CONTACT_IMAGE_LIMIT,
  type CONTACT_IMAGE_TYPES,
} from '@contract/values';
import { messageWith } from './messages';

const MIB = 1024 * 1024;

export interface FileRules {
  maxFiles: number;
  /** Bytes per file: a file of exactly this size passes. */
  maxBytes: number;
  accepts(filename: string): boolean;
  /** The messages (keys, with values) for each refusal. */
  tooMany: string;
  tooLarge(filename: string): string;
  wrongType(filename: string): string;
}

export const ATTACHMENT_RULES: FileRules = {
  maxFiles: ATTACHMENT_LIMITS.files,
  maxBytes: ATTACHMENT_LIMITS.bytes,
  accepts: (filename) => attachmentType(filename) !== undefined,
  tooMany: messageWith('requests:upload.tooManyFiles', { max: ATTACHMENT_LIMITS.files }),
  tooLarge: (filename) =>
    messageWith('requests:upload.fileTooLarge', { filename, maxMb: ATTACHMENT_LIMITS.bytes / MIB }),
  wrongType: (filename) => messageWith('requests:upload.fileType', { filename }),
};

const IMAGE_EXTENSIONS: Record<(typeof CONTACT_IMAGE_TYPES)[number], string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
};

export const PROFILE_IMAGE_RULES: FileRules = {
  maxFiles: 1,
  maxBytes: CONTACT_IMAGE_LIMIT,
  accepts: (filename) => {
    const dot = filename.lastIndexOf('.');
    const extension = dot < 0 ? '' : filename.slice(dot).toLowerCase();
    return Object.values(IMAGE_EXTENSIONS).some((extensions) => extensions.includes(extension));
  },
  tooMany: 'account:image.wrongType',
  tooLarge: () => messageWith('account:image.tooLarge', { mb: CONTACT_IMAGE_LIMIT / MIB }),
  wrongType: () => 'account:image.wrongType',
};

/** What is wrong with the chosen files (message keys), nothing when they may be sent. */
export function checkChosenFiles(
  files: readonly { name: string; size: number }[],
  rules: FileRules,
): string[] {
  const problems: string[] = [];
  if (files.length > rules.maxFiles) problems.push(rules.tooMany);
  for (const file of files) {
    if (!rules.accepts(file.name)) problems.push(rules.wrongType(file.name));
    else if (file.size > rules.maxBytes) problems.push(rules.tooLarge(file.name));
  }
  return [...new Set(problems)];
}

/**
 * For a file input: on a choice that would be refused, the choice is cleared (so the form cannot send
 * it) and the reasons are returned to show beside the input; an accepted choice clears them.
 */
export function useFileCheck(rules: FileRules) {
  const [problems, setProblems] = useState<string[]>([]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const found = checkChosenFiles(Array.from(input.files ?? []), rules);
    if (found.length > 0) input.value = '';
    setProblems(found.length > 0 ? [...found, 'requests:upload.selectionCleared'] : []);
  };
  return { problems, onChange };
}
