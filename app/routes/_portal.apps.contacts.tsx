// Contacts (demo module): the user's own address book — filters (all, frequently contacted, starred,
// deleted), a search, the selected contact with star, edit mode and delete (a flag: restored from
// "Deleted"), and a form to add one. Everything the list shows lives in the URL; every change is a form
// post that comes back to the same list.
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { IconEdit, IconPlus, IconStar, IconStarFilled, IconTrash, IconRestore } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { SearchForm } from '~/components/list-table';
import { FieldList, PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import {
  Avatar,
  Button,
  Card,
  List,
  ListItem,
  ListItemButton,
  ListItemContent,
  ListItemDecorator,
  Stack,
  Text,
} from '~/components/ui';
import { ContactForm } from '~/components/workspace/contact-form';
import type { Contact } from '~/fixtures/types';
import { queryOf } from '~/forms/pages';
import {
  CONTACT_FILTERS,
  contactIntent,
  contactParams,
  contactSchema,
  type ContactFilter,
} from '~/forms/workspace';
import {
  backTo,
  backToPath,
  demoScreen,
  orNotFound,
  demoChange,
  demoUser,
  withinLimits,
} from '~/services/demo/screen.server';
import { redirectWithFlash } from '~/services/flash.server';
import {
  addContact,
  toggleContactDeleted,
  toggleContactStar,
  updateContact,
} from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';
import { readForm } from '~/services/form-body.server';

const PATH = '/apps/contacts';
/** What the page says after a contact is added or edited. */
const SAVED = { key: 'workspace:contacts.saved' };

export const handle = { i18n: ['common', 'workspace'] };

function inFilter(contact: Contact, filter: ContactFilter): boolean {
  if (filter === 'deleted') return contact.deleted;
  if (contact.deleted) return false;
  if (filter === 'starred') return contact.starred;
  if (filter === 'frequent_contact') return contact.frequentlycontacted;
  return true;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, PATH);
  const { t, title } = await pageTools(request, 'workspace');
  const params = contactParams.parse(queryOf(request));
  const counts = Object.fromEntries(
    CONTACT_FILTERS.map((filter) => [filter, state.contacts.filter((c) => inFilter(c, filter)).length]),
  ) as Record<ContactFilter, number>;
  const words = params.q?.toLowerCase();
  const contacts = state.contacts.filter(
    (contact) =>
      inFilter(contact, params.filter) &&
      (!words ||
        [contact.firstname, contact.lastname, contact.company, contact.department, contact.email]
          .join(' ')
          .toLowerCase()
          .includes(words)),
  );
  const selected =
    params.id === undefined ? null : (state.contacts.find((contact) => contact.id === params.id) ?? null);
  if (params.id !== undefined && !selected) throw new Response('Not found', { status: 404 });
  return {
    title: title(t('contacts.title')),
    params,
    counts,
    contacts,
    selected,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, PATH);
  const formData = await readForm(request);
  return demoChange(signedIn, async (state) => {
    const parsed = contactIntent.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response('Bad request', { status: 400 });
    const { intent, id } = parsed.data;
    if (intent === 'add' || intent === 'update') {
      const submission = parseWithZod(formData, { schema: contactSchema });
      if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
      if (intent === 'add') {
        const added = withinLimits(() => addContact(state, submission.value));
        if (!added.ok) return data(submission.reply({ formErrors: [added.key] }), { status: 400 });
        return redirectWithFlash(
          request,
          backToPath(request, { new: null, id: String(added.value.id), filter: null, q: null }),
          SAVED,
        );
      }
      if (id === undefined) throw new Response('Bad request', { status: 400 });
      const updated = withinLimits(() => updateContact(state, id, submission.value));
      if (!updated.ok) return data(submission.reply({ formErrors: [updated.key] }), { status: 400 });
      return redirectWithFlash(request, backToPath(request, { edit: null, id: String(id) }), SAVED);
    }
    if (id === undefined) throw new Response('Bad request', { status: 400 });
    if (intent === 'star') orNotFound(() => toggleContactStar(state, id));
    else orNotFound(() => toggleContactDeleted(state, id));
    return backTo(request);
  });
}

export const meta = titleMeta;

function fullName(contact: Contact): string {
  return `${contact.firstname} ${contact.lastname}`;
}

function initials(contact: Contact): string {
  return `${contact.firstname.charAt(0)}${contact.lastname.charAt(0)}`.toUpperCase();
}

/** A link to this list with some of its URL state changed (null removes it). */
function useListLink() {
  const { params } = useLoaderData<typeof loader>();
  return (set: Record<string, string | null>) => {
    const query = new URLSearchParams();
    const base: Record<string, string | undefined> = {
      filter: params.filter === 'show_all' ? undefined : params.filter,
      q: params.q,
      id: params.id === undefined ? undefined : String(params.id),
    };
    for (const [name, value] of Object.entries({ ...base, ...set })) if (value) query.set(name, value);
    const search = query.toString();
    return search ? `?${search}` : PATH;
  };
}

function Filters() {
  const { params, counts } = useLoaderData<typeof loader>();
  const { t } = useTranslation('workspace');
  const link = useListLink();
  return (
    <Card variant="outlined" style={{ padding: 8 }}>
      <nav aria-label={t('contacts.filterLabel')}>
        <List size="sm">
          {CONTACT_FILTERS.map((filter) => (
            <ListItem key={filter}>
              <ListItemButton
                component={Link}
                to={link({ filter: filter === 'show_all' ? null : filter, id: null })}
                selected={filter === params.filter}
                aria-current={filter === params.filter ? 'page' : undefined}
              >
                <ListItemContent>{t(`contacts.filters.${filter}`)}</ListItemContent>
                <Text level="body-sm">{counts[filter]}</Text>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </nav>
    </Card>
  );
}

function ContactList() {
  const { params, contacts } = useLoaderData<typeof loader>();
  const { t } = useTranslation('workspace');
  const link = useListLink();
  if (contacts.length === 0) {
    return (
      <Text>{params.filter === 'show_all' && !params.q ? t('contacts.none') : t('contacts.empty')}</Text>
    );
  }
  return (
    <List aria-label={t(`contacts.filters.${params.filter}`)} sx={{ '--ListItem-radius': '8px' }}>
      {contacts.map((contact) => (
        <ListItem key={contact.id}>
          <ListItemButton
            component={Link}
            to={link({ id: String(contact.id) })}
            selected={contact.id === params.id}
            aria-current={contact.id === params.id ? 'true' : undefined}
          >
            <ListItemDecorator>
              <Avatar size="sm" src={contact.image || undefined} alt="">
                {initials(contact)}
              </Avatar>
            </ListItemDecorator>
            <ListItemContent>
              <Text fontWeight="lg">{fullName(contact)}</Text>
              <Text level="body-sm" textColor="text.secondary">
                {[contact.department, contact.company].filter(Boolean).join(' · ')}
              </Text>
            </ListItemContent>
            {contact.starred && (
              <IconStarFilled size={16} aria-label={t('contacts.starredMark')} role="img" />
            )}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function ContactDetails({ contact }: { contact: Contact }) {
  const { t } = useTranslation('workspace');
  const link = useListLink();
  const name = fullName(contact);
  return (
    <Card component="section" aria-labelledby="contact-heading">
      <Stack direction="row" gap={2} alignItems="center">
        <Avatar size="lg" src={contact.image || undefined} alt="">
          {initials(contact)}
        </Avatar>
        <div>
          <Text id="contact-heading" level="h2" fontSize="xl">
            {name}
          </Text>
          {contact.deleted && (
            <Text level="body-sm" color="danger">
              {t('contacts.deletedMark')}
            </Text>
          )}
        </div>
      </Stack>
      <FieldList
        labelWidth={150}
        rows={[
          { label: t('contacts.fields.department'), value: contact.department },
          { label: t('contacts.fields.company'), value: contact.company },
          { label: t('contacts.fields.phone'), value: contact.phone, ltr: true },
          { label: t('contacts.fields.email'), value: contact.email, ltr: true },
          { label: t('contacts.fields.address'), value: contact.address },
          { label: t('contacts.fields.notes'), value: contact.notes },
          {
            label: t('contacts.fields.frequentlycontacted'),
            value: contact.frequentlycontacted ? t('contacts.yes') : t('contacts.no'),
          },
        ]}
      />
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Form method="post">
          <input type="hidden" name="id" value={contact.id} />
          <Button
            type="submit"
            name="intent"
            value="star"
            variant="outlined"
            color="warning"
            aria-pressed={contact.starred}
            startDecorator={
              contact.starred ? <IconStarFilled aria-hidden size={18} /> : <IconStar aria-hidden size={18} />
            }
          >
            {t('contacts.star', { name })}
          </Button>
        </Form>
        {!contact.deleted && (
          <Button
            component={Link}
            to={link({ edit: '1' })}
            variant="outlined"
            startDecorator={<IconEdit aria-hidden size={18} />}
          >
            {t('contacts.edit', { name })}
          </Button>
        )}
        <Form method="post">
          <input type="hidden" name="id" value={contact.id} />
          <Button
            type="submit"
            name="intent"
            value="delete"
            variant="outlined"
            color={contact.deleted ? 'neutral' : 'danger'}
            startDecorator={
              contact.deleted ? <IconRestore aria-hidden size={18} /> : <IconTrash aria-hidden size={18} />
            }
          >
            {contact.deleted ? t('contacts.restore', { name }) : t('contacts.delete', { name })}
          </Button>
        </Form>
      </Stack>
    </Card>
  );
}

export default function Contacts() {
  const { params, selected } = useLoaderData<typeof loader>();
  const { t } = useTranslation('workspace');
  const link = useListLink();
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('contacts.title')}
        intro={t('contacts.intro')}
        action={
          <Button
            component={Link}
            to={link({ new: '1', id: null })}
            startDecorator={<IconPlus aria-hidden size={18} />}
          >
            {t('contacts.addTitle')}
          </Button>
        }
      />
      <div className="demo-social-contacts">
        <Filters />
        <Stack gap={2}>
          <SearchForm
            searchId="contact-search"
            searchValue={params.q}
            placeholder={t('contacts.searchPlaceholder')}
          >
            {params.filter !== 'show_all' && <input type="hidden" name="filter" value={params.filter} />}
          </SearchForm>
          <ContactList />
        </Stack>
        <div>
          {params.new ? (
            <ContactForm contact={null} cancelTo={link({ new: null })} />
          ) : selected && params.edit && !selected.deleted ? (
            <ContactForm key={selected.id} contact={selected} cancelTo={link({ edit: null })} />
          ) : selected ? (
            <ContactDetails contact={selected} />
          ) : (
            <Text textColor="text.secondary">{t('contacts.pick')}</Text>
          )}
        </div>
      </div>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
