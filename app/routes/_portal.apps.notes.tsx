// Demo notes (spec sections 3 and 4): the list with colour and date, a search, the selected note (note 1
// by default) to edit or remove, and a form to add one; all in the URL and working without JavaScript.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { TextField } from '~/components/form-field';
import { FormErrors } from '~/components/form-parts';
import { formatDate } from '~/components/format';
import { SearchForm } from '~/components/list-table';
import { IntentButton, NoteColourChip } from '~/components/messaging/parts';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { SelectField } from '~/components/select-field';
import { Box, Card, Grid, Stack, Text } from '~/components/ui';
import { NOTE_COLOURS, type Note } from '~/fixtures/types';
import { noteListParams, noteSchema } from '~/forms/messaging';
import {
  backTo,
  demoChange,
  demoScreen,
  demoUser,
  orNotFound,
  withinLimits,
} from '~/services/demo/screen.server';
import { addNote, removeNote, updateNote, type DemoState } from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';
import { recordIdOr404 } from '~/services/params.server';
import { readForm } from '~/services/form-body.server';

const SCREEN = '/apps/notes';
/** The note shown when the URL names none (spec section 9). */
const DEFAULT_NOTE = 1;

export const handle = { i18n: ['common', 'messaging'] };

const notFound = () => new Response('Not found', { status: 404 });

/** The note the URL names (?id=); without one note 1, or the first note there is. */
function selectedNote(state: DemoState, raw: string | null): Note | null {
  const live = state.notes.filter((note) => !note.deleted);
  if (raw === null) return live.find((note) => note.id === DEFAULT_NOTE) ?? live[0] ?? null;
  const id = recordIdOr404(raw);
  const note = live.find((candidate) => candidate.id === id);
  if (!note) throw notFound();
  return note;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, SCREEN);
  const { t, title } = await pageTools(request, 'messaging');
  const url = new URL(request.url);
  const params = noteListParams.parse(Object.fromEntries(url.searchParams));
  const note = selectedNote(state, url.searchParams.get('id'));
  const wanted = params.q?.toLocaleLowerCase();
  const notes = state.notes.filter(
    (candidate) => !candidate.deleted && (!wanted || candidate.title.toLocaleLowerCase().includes(wanted)),
  );
  return { title: title(t('notes.title')), params, notes, note };
}

type FormName = 'add' | 'edit';
const refused = (form: FormName, result: SubmissionResult<string[]>) =>
  data({ form, result }, { status: 400 });

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, SCREEN);
  const formData = await readForm(request);
  return demoChange(signedIn, async (state) => {
    const intent = formData.get('intent');
    if (intent === 'add') {
      const submission = parseWithZod(formData, { schema: noteSchema });
      if (submission.status !== 'success') return refused('add', submission.reply());
      const added = withinLimits(() => addNote(state, submission.value.title, submission.value.color));
      if (!added.ok) return refused('add', submission.reply({ formErrors: [added.key] }));
      return backTo(request, { id: String(added.value.id) });
    }
    if (intent === 'edit') {
      const id = recordIdOr404(formData.get('id'));
      const submission = parseWithZod(formData, { schema: noteSchema });
      if (submission.status !== 'success') return refused('edit', submission.reply());
      const updated = withinLimits(() => updateNote(state, id, submission.value));
      if (!updated.ok) return refused('edit', submission.reply({ formErrors: [updated.key] }));
      return backTo(request, { id: String(id) });
    }
    if (intent === 'remove') {
      orNotFound(() => removeNote(state, recordIdOr404(formData.get('id'))));
      return backTo(request, { id: null });
    }
    return data({ form: null, result: undefined }, { status: 400 });
  });
}

export const meta = titleMeta;

function useColourOptions() {
  const { t } = useTranslation('messaging');
  return NOTE_COLOURS.map((value) => ({ value, label: t(`notes.colours.${value}`) }));
}

/** The add form, or the edit form of `note`. */
function NoteForm({ note }: { note: Note | null }) {
  const { t } = useTranslation('messaging');
  const answer = useActionData<typeof action>();
  const name: FormName = note ? 'edit' : 'add';
  const [form, fields] = useForm({
    id: note ? `note-edit-${note.id}` : 'note-add',
    lastResult: answer?.form === name ? answer.result : undefined,
    defaultValue: note ? { title: note.title, color: note.color } : { color: 'info' },
    constraint: getZodConstraint(noteSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const heading = note ? t('notes.edit') : t('notes.add');
  const colours = useColourOptions();
  return (
    <Form method="post" {...getFormProps(form)} aria-label={heading}>
      <Stack gap={2}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {note && <input type="hidden" name="id" value={note.id} />}
        <TextField
          field={fields.title}
          label={note ? t('notes.fields.title') : t('notes.fields.newTitle')}
          required
          autoComplete="off"
          dir="auto"
        />
        <SelectField field={fields.color} label={t('notes.fields.colour')} options={colours} required />
        <Box>
          <IntentButton intent={name}>{note ? t('notes.save') : t('notes.addButton')}</IntentButton>
        </Box>
      </Stack>
    </Form>
  );
}

export default function Notes() {
  const { params, notes, note } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('messaging');
  const hrefOf = (id: number) => {
    const search = new URLSearchParams();
    if (params.q) search.set('q', params.q);
    search.set('id', String(id));
    return `?${search}`;
  };
  return (
    <Stack gap={3}>
      <PageHeading title={t('notes.title')} intro={t('notes.intro')} />
      <Grid container spacing={2}>
        <Grid xs={12} md={5}>
          <Card component="section" aria-labelledby="notes-list">
            <Text id="notes-list" level="title-lg" component="h2">
              {t('notes.list')}
            </Text>
            <SearchForm
              searchId="notes-search"
              searchValue={params.q}
              placeholder={t('notes.searchPlaceholder')}
            >
              {note && <input type="hidden" name="id" value={note.id} />}
            </SearchForm>
            <Text level="body-sm" role="status">
              {t('notes.count', { count: notes.length })}
            </Text>
            {notes.length === 0 ? (
              <Text>{t('notes.empty')}</Text>
            ) : (
              <Stack component="ul" gap={1} style={{ margin: 0, padding: 0 }}>
                {notes.map((item) => {
                  const current = item.id === note?.id;
                  return (
                    <li key={item.id} style={{ listStyle: 'none' }}>
                      {/* A link drawn as the UI layer's Sheet: outlined, or soft primary for the open note. */}
                      <Link
                        to={hrefOf(item.id)}
                        aria-current={current ? 'page' : undefined}
                        className={
                          current
                            ? 'ui-sheet ui-variant-soft ui-color-primary demo-shop-note'
                            : 'ui-sheet ui-variant-outlined ui-color-neutral demo-shop-note'
                        }
                      >
                        <Text level="title-sm" style={{ overflowWrap: 'anywhere' }}>
                          <bdi>{item.title}</bdi>
                        </Text>
                        <Stack direction="row" gap={1} alignItems="center" style={{ marginBlockStart: 4 }}>
                          <NoteColourChip color={item.color} />
                          <Text level="body-xs" textColor="text.tertiary">
                            <time dateTime={item.datef}>{formatDate(item.datef, i18n.language)}</time>
                          </Text>
                        </Stack>
                      </Link>
                    </li>
                  );
                })}
              </Stack>
            )}
          </Card>
        </Grid>
        <Grid xs={12} md={7}>
          <Stack gap={2}>
            {note && (
              <Card component="section" aria-labelledby="notes-selected">
                <Text id="notes-selected" level="title-lg" component="h2">
                  {t('notes.edit')}
                </Text>
                <Text level="body-sm" textColor="text.tertiary">
                  {t('notes.created', { date: formatDate(note.datef, i18n.language) })}
                </Text>
                <NoteForm key={note.id} note={note} />
                <Form method="post">
                  <input type="hidden" name="id" value={note.id} />
                  <IntentButton
                    intent="remove"
                    variant="outlined"
                    color="danger"
                    aria-label={t('notes.removeNamed', { title: note.title })}
                  >
                    {t('notes.remove')}
                  </IntentButton>
                </Form>
              </Card>
            )}
            <Card component="section" aria-labelledby="notes-add">
              <Text id="notes-add" level="title-lg" component="h2">
                {t('notes.add')}
              </Text>
              <NoteForm key={`add-${notes.length}`} note={null} />
            </Card>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
