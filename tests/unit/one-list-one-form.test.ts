// One list pattern and one form pattern (STYLE.md, "One way to do each thing"): every list of records is
// drawn by ListTable (its count, table, empty and failure messages, and page links) at paging.ts's page
// size, and every form field is one of the shared fields (form-field.tsx, select-field.tsx). A source scan
// of the screens, as routes-through-services.test.ts does for the back office.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const APP = path.join(ROOT, 'app');

/** Every source file under app/ but tests, as a path relative to app/ with forward slashes. */
function sources(): string[] {
  return (readdirSync(APP, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

const read = (file: string) => readFileSync(path.join(APP, file), 'utf8');
const screens = () =>
  sources().filter((file) => /^(routes|components)\//.test(file) && file.endsWith('.tsx'));

/** The shared pieces themselves, and the UI layer they are drawn with. */
const SHARED_LIST = ['components/list-table.tsx', 'components/pagination.tsx'];
const SHARED_FIELDS = [
  'components/form-field.tsx',
  'components/select-field.tsx',
  'components/list-table.tsx',
];
const isUiLayer = (file: string) => file.startsWith('components/ui/');

/** Tables that are not lists of records: documents, a chart's text twin, fixed reference tables. */
const NOT_LISTS: Record<string, string> = {
  'components/documents/document-parts.tsx': 'the lines of a printed document',
  'components/documents/clearance-receipt.tsx': 'the lines of a printed receipt',
  'components/documents/shared-links.tsx': "a document's few share links, beside the document",
  'components/charts/bar-chart.tsx': "the chart's figures for screen readers",
  'routes/pages.privacy-policy.tsx': 'the fixed table of the privacy policy',
  'routes/_portal.apps.loan.loan-details.$loanNumber.tsx': "one loan's repayment schedule",
  'routes/_portal.apps.tickets.tsx': "the demo's handful of tickets, counted per status, never paged",
};

/**
 * Labelled controls that are not fields of a form that adds or edits a record: search boxes of screens
 * that are not ListTable lists, values shown to be copied, and choices that apply at once.
 */
const NOT_FIELDS: Record<string, string> = {
  'components/account/profile-form.tsx': 'the e-mail shown read-only',
  'components/account/settings-page.tsx': 'the e-mail and referral code shown read-only, the picture file',
  'components/documents/share-form.tsx': 'the share link shown read-only, to copy',
  'components/appearance-panel.tsx': 'the theme choices, applied at once',
  'routes/_portal.apps.ecommerce.shop.tsx': "the shop's search box",
  'routes/_portal.apps.invoice._index.tsx': 'the look-up of one invoice by its number',
  'routes/_portal.apps.statement.tsx': "the statement's date range",
  'routes/_portal.pages.account-settings_.two-step.tsx': 'the set-up key shown read-only, to copy',
  'routes/_portal.user-profile.tsx': "the profile's search box",
  // Fields still built by hand, to move onto TextareaField and CheckboxField: the list only shrinks.
  'components/social/parts.tsx': 'a text area, to move onto TextareaField',
  'components/workspace/contact-form.tsx': 'a text area and a checkbox, to move onto the shared fields',
  'routes/_portal.apps.loan.loan-details.$loanNumber.tsx': 'the decision note, to move onto TextareaField',
};

const drawsTable = (code: string) => /<(?:Table|table)\b/.test(code);
const pagesItself = (code: string) => /<Pagination\b/.test(code);
/** A page size of its own: a constant named so, or the offset of a page worked out by hand. */
const ownPageSize = (code: string) =>
  /\b(?:PAGE_SIZE|pageSize|perPage|PER_PAGE|page_size)\s*[:=]\s*\d/.test(code) ||
  /\(\s*\w+\s*-\s*1\s*\)\s*\*\s*\d+/.test(code);
const buildsField = (code: string) => /<(?:FormLabel|label)\b/.test(code);

describe('one list pattern', () => {
  it('draws every list of records with ListTable, never a table or page links of its own', () => {
    const own = screens().filter(
      (file) =>
        !SHARED_LIST.includes(file) &&
        !isUiLayer(file) &&
        !(file in NOT_LISTS) &&
        (drawsTable(read(file)) || pagesItself(read(file))),
    );
    expect(own).toEqual([]);
  });

  it('pages every list at the page size of paging.ts', () => {
    const own = sources().filter((file) => file !== 'services/paging.ts' && ownPageSize(read(file)));
    expect(own).toEqual([]);
  });

  it('keeps its exceptions true: each still draws a table that is not a list', () => {
    expect(Object.keys(NOT_LISTS).filter((file) => !drawsTable(read(file)))).toEqual([]);
  });
});

describe('one form pattern', () => {
  it('builds every labelled field with the shared fields, never a label and control of its own', () => {
    const own = screens().filter(
      (file) =>
        !SHARED_FIELDS.includes(file) && !isUiLayer(file) && !(file in NOT_FIELDS) && buildsField(read(file)),
    );
    expect(own).toEqual([]);
  });

  it('keeps its exceptions true: each still labels a control by itself', () => {
    expect(Object.keys(NOT_FIELDS).filter((file) => !buildsField(read(file)))).toEqual([]);
  });
});

describe('the scan', () => {
  it('would notice a table, page links, a page size or a field of its own', () => {
    expect(drawsTable('<Table stripe="odd">')).toBe(true);
    expect(drawsTable('<table>')).toBe(true);
    expect(drawsTable('<ListTable page={page}>')).toBe(false);
    expect(pagesItself('<Pagination page={1} pages={3} />')).toBe(true);
    expect(ownPageSize('const PAGE_SIZE = 20;')).toBe(true);
    expect(ownPageSize('query: { limit: 25, pageSize: 25 }')).toBe(true);
    expect(ownPageSize('items.slice((page - 1) * 20, page * 20)')).toBe(true);
    expect(ownPageSize('query: { ...pageQuery(params.page) }')).toBe(false);
    expect(buildsField('<FormLabel htmlFor="x">Name</FormLabel><Input />')).toBe(true);
    expect(buildsField('<label htmlFor="x"><input type="checkbox" /></label>')).toBe(true);
    expect(buildsField('<TextField field={fields.name} label="Name" />')).toBe(false);
  });
});
