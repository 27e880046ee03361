import {
  ATTACHMENT_LIMITS,
  attachmentType,
  CONTACT_IMAGE_LIMIT,
  CONTACT_IMAGE_TYPES,
} from '../app/services/backoffice/contract';
import { refuse } from './http';
import type { ContactImage } from './partners';

/** A file of a new request, decoded and checked, ready to be stored. */
export interface CheckedAttachment {
  filename: string;
  mimetype: string;
  data: Buffer;
}

type ContentCheck = (data: Buffer) => boolean;

const startsWith =
  (...signature: number[]): ContentCheck =>
  (data) =>
    data.length >= signature.length && signature.every((byte, index) => data[index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const zip = startsWith(0x50, 0x4b, 0x03, 0x04);
const ole = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What the content of each allowed type starts with (CSV: UTF-8 text without NUL bytes). */
const CONTENT_CHECKS: Record<string, ContentCheck> = {
  'application/pdf': startsWith(...ascii('%PDF-')),
  'image/png': startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  'image/jpeg': startsWith(0xff, 0xd8, 0xff),
  'image/gif': startsWith(...ascii('GIF8')),
  'image/webp': (data) =>
    startsWith(...ascii('RIFF'))(data) && data.subarray(8, 12).equals(Buffer.from('WEBP', 'ascii')),
  'application/msword': ole,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': zip,
  'application/vnd.ms-excel': ole,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': zip,
  'application/vnd.ms-powerpoint': ole,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': zip,
  'application/vnd.oasis.opendocument.text': zip,
  'application/vnd.oasis.opendocument.spreadsheet': zip,
  'text/csv': (data) => {
    if (data.includes(0)) return false;
    try {
      utf8.decode(data);
      return true;
    } catch {
      return false;
    }
  },
};

/** Whether the content is what a file of this media type holds (a type without a check passes). */
export function contentMatches(mimetype: string, data: Buffer): boolean {
  return CONTENT_CHECKS[mimetype]?.(data) ?? true;
}

/** The first of these media types whose content check the data passes (by its signature), if any. */
export function detectType<T extends string>(data: Buffer, types: readonly T[]): T | undefined {
  return types.find((type) => CONTENT_CHECKS[type]?.(data) ?? false);
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 of a length that cannot be (4n + 1) or with bits left over is not what was chosen. Told from
 * the text's end alone (the contract has checked the alphabet), without encoding the file once more.
 */
function isCanonical(base64: string): boolean {
  let end = base64.length;
  while (end > 0 && base64[end - 1] === '=') end -= 1;
  const tail = end % 4;
  if (tail === 1) return false;
  if (tail === 0) return true;
  // The last character's unused low bits (4 after two characters, 2 after three) must be zero.
  const last = BASE64_ALPHABET.indexOf(base64[end - 1] ?? 'A');
  return (last & (tail === 2 ? 0x0f : 0x03)) === 0;
}

/**
 * Decodes and checks the files of a new request, all of them before any is stored: a file over the
 * size limit is a 413 naming it, files whose content is not of their type one 400 listing them.
 * The contract has already checked the count, the names' extensions and the base64 alphabet.
 */
export function checkAttachments(files: readonly { filename: string; data: string }[]): CheckedAttachment[] {
  const checked: CheckedAttachment[] = [];
  const mismatched: number[] = [];
  files.forEach((file, index) => {
    const data = Buffer.from(file.data, 'base64');
    if (data.length > ATTACHMENT_LIMITS.bytes)
      throw refuse.fileTooLarge(file.filename, ATTACHMENT_LIMITS.bytes);
    const mimetype = attachmentType(file.filename);
    if (!mimetype || !isCanonical(file.data) || data.length === 0 || !contentMatches(mimetype, data)) {
      mismatched.push(index);
    } else {
      checked.push({ filename: file.filename, mimetype, data });
    }
  });
  if (mismatched.length > 0) throw refuse.fileContentMismatch(mismatched);
  return checked;
}

/**
 * Decodes and checks a profile image: over the size limit is a 413, anything but a PNG, JPEG or WebP
 * (told by its first bytes) a 400 with an issue on `image`. The contract has checked the alphabet.
 */
export function checkContactImage(image: string): ContactImage {
  const data = Buffer.from(image, 'base64');
  if (data.length > CONTACT_IMAGE_LIMIT) throw refuse.imageTooLarge(CONTACT_IMAGE_LIMIT);
  const mimetype = isCanonical(image) ? detectType(data, CONTACT_IMAGE_TYPES) : undefined;
  if (!mimetype) throw refuse.imageNotAllowed();
  return { mimetype, data };
}
