import { ATTACHMENT_LIMITS, attachmentType, CONTACT_IMAGE_LIMIT, CONTACT_IMAGE_TYPES } from '@contract';
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
 * the text's end alone (the contract has checked the alphabet), without encoding the file once more:
 * `length` characters before the padding, the last of them `last`.
 */
function isCanonicalEnd(length: number, last: string): boolean {
  const tail = length % 4;
  if (tail === 1) return false;
  if (tail === 0) return true;
  // The last character's unused low bits (4 after two characters, 2 after three) must be zero.
  return (BASE64_ALPHABET.indexOf(last) & (tail === 2 ? 0x0f : 0x03)) === 0;
}

function isCanonical(base64: string): boolean {
  let end = base64.length;
  while (end > 0 && base64[end - 1] === '=') end -= 1;
  return isCanonicalEnd(end, base64[end - 1] ?? 'A');
}

/** A file of a call's body, decoded as its base64 arrived (`Base64Decoder`). */
export interface ReceivedFile {
  /** Its bytes; null once past the limit the decoder was given (they are not kept). */
  data: Buffer | null;
  /** Whether its base64 is what encoding the file gives (see `isCanonicalEnd`). */
  canonical: boolean;
}

/** Base64 text before any padding, in the contract's alphabet. */
const BASE64_TEXT = /^[A-Za-z0-9+/]*$/;

/**
 * Decodes a base64 string that arrives in pieces, keeping only the decoded bytes. Pieces are decoded
 * in whole groups of 4 characters, so a group split between two pieces decodes as in the whole text.
 * Past `limit` decoded bytes nothing more is kept; the text is still checked to its end, so that an
 * invalid string is refused as invalid, as it would be whole.
 */
export class Base64Decoder {
  private pending = '';
  /** Where the bytes are decoded to: one buffer of the limit's size, filled as the text arrives. */
  private target: Buffer | null = null;
  private size = 0;
  private length = 0;
  private padding = 0;
  private last = 'A';
  private valid = true;

  constructor(private readonly limit: number) {}

  write(text: string): void {
    if (!this.valid || text.length === 0) return;
    // Padding ends the text: after the first "=", only up to two "=" in all.
    const padAt = this.padding > 0 ? 0 : text.indexOf('=');
    const data = padAt < 0 ? text : text.slice(0, padAt);
    if (padAt >= 0) {
      const padding = text.length - padAt;
      if (!/^=*$/.test(text.slice(padAt)) || this.padding + padding > 2) return this.invalidate();
      this.padding += padding;
    }
    if (!BASE64_TEXT.test(data)) return this.invalidate();
    if (data.length === 0) return;
    this.length += data.length;
    this.last = data[data.length - 1] ?? this.last;
    if (this.size > this.limit) return;
    this.pending += data;
    // Decoded at once, but for the last 0 to 3 characters of an unfinished group.
    const whole = this.pending.length - (this.pending.length % 4);
    if (whole > 0) {
      this.decode(this.pending.slice(0, whole));
      this.pending = this.pending.slice(whole);
    }
  }

  /**
   * What stands for the string in the body the contract validates: the empty string when it was
   * empty, a character outside the alphabet when it was not base64, else a one-character base64 text.
   * The contract's rules for `data` thus answer as they would on the whole text.
   */
  get marker(): string {
    if (!this.valid) return '!';
    return this.length + this.padding === 0 ? '' : 'A';
  }

  end(): ReceivedFile {
    if (this.valid && this.size <= this.limit && this.pending.length > 0) this.decode(this.pending);
    this.pending = '';
    const target = this.target;
    this.target = null;
    let data: Buffer | null = null;
    if (this.size <= this.limit) {
      data = target ? target.subarray(0, this.size) : Buffer.alloc(0);
      // A small file is copied out, so that the limit-sized buffer it was decoded into can go.
      if (target && this.size < target.length / 2) data = Buffer.from(data);
    }
    return { data, canonical: this.valid && isCanonicalEnd(this.length, this.last) };
  }

  private decode(text: string): void {
    const bytes = Buffer.byteLength(text, 'base64');
    if (this.size + bytes > this.limit) {
      this.size += bytes;
      this.target = null;
      return;
    }
    // Not zero-filled: only the part written to is ever read. Untouched pages cost no memory.
    this.target ??= Buffer.allocUnsafeSlow(this.limit);
    this.size += this.target.write(text, this.size, 'base64');
  }

  private invalidate(): void {
    this.valid = false;
    this.pending = '';
    this.target = null;
  }
}

/**
 * Checks the files of a new request, all of them before any is stored: a file over the size limit is
 * a 413 naming it, files whose content is not of their type one 400 listing them. The contract has
 * already checked the count, the names' extensions and the base64 alphabet; `received` holds each
 * file's decoded bytes, by its index in the body.
 */
export function checkAttachments(
  files: readonly { filename: string }[],
  received: readonly (ReceivedFile | undefined)[],
): CheckedAttachment[] {
  const checked: CheckedAttachment[] = [];
  const mismatched: number[] = [];
  files.forEach((file, index) => {
    const upload = received[index];
    const data = upload?.data;
    if (upload && (!data || data.length > ATTACHMENT_LIMITS.bytes))
      throw refuse.fileTooLarge(file.filename, ATTACHMENT_LIMITS.bytes);
    const mimetype = attachmentType(file.filename);
    if (!mimetype || !upload?.canonical || !data || data.length === 0 || !contentMatches(mimetype, data)) {
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
