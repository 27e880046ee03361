// Support tickets (demo module): counts per status that filter the list, a search, and delete; the filter
// and the search live in the URL, and delete posts back to the same list (JavaScript or not).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '~/components/translation';
import { IconButton } from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatDate } from '~/components/format';
import { SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { Avatar, Sheet, Stack, StatusLabel, Table, Text } from '~/components/ui';
import type { Ticket } from '~/fixtures/types';
import { queryOf } from '~/forms/pages';
import { TICKET_FILTERS, ticketAction, ticketParams, type TicketFilter } from '~/forms/workspace';
import { backToPath, demoScreen, orNotFound, demoChange, demoUser } from '~/services/demo/screen.server';
import { redirectWithFlash } from '~/services/flash.server';
import { deleteTicket } from '~/services/demo/store.server';
import { pageTools } from '~/services/page.server';
import { readForm } from '~/services/form-body.server';

const PATH = '/apps/tickets';

export const handle = { i18n: ['common', 'workspace'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await demoScreen(request, PATH);
  const { t, title } = await pageTools(request, 'workspace');
  const params = ticketParams.parse(queryOf(request));
  const tickets = state.tickets.filter((ticket) => !ticket.deleted);
  const counts = Object.fromEntries(
    TICKET_FILTERS.map((filter) => [
      filter,
      filter === 'total_tickets'
        ? tickets.length
        : tickets.filter((ticket) => ticket.Status === filter).length,
    ]),
  ) as Record<TicketFilter, number>;
  const words = params.q?.toLowerCase();
  const shown = tickets.filter(
    (ticket) =>
      (params.filter === 'total_tickets' || ticket.Status === params.filter) &&
      (!words ||
        ticket.ticketTitle.toLowerCase().includes(words) ||
        ticket.ticketDescription.toLowerCase().includes(words) ||
        ticket.AgentName.toLowerCase().includes(words)),
  );
  return {
    title: title(t('tickets.title')),
    params,
    counts,
    tickets: shown,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const signedIn = await demoUser(request, PATH);
  const parsed = ticketAction.safeParse(Object.fromEntries(await readForm(request)));
  return demoChange(signedIn, async (state) => {
    if (!parsed.success) throw new Response('Bad request', { status: 400 });
    orNotFound(() => deleteTicket(state, parsed.data.id));
    return redirectWithFlash(request, backToPath(request), {
      key: 'workspace:tickets.deleted',
      values: { id: parsed.data.id },
    });
  });
}

export const meta = titleMeta;

const CHIP_COLOURS = { success: 'success', warning: 'warning', error: 'danger' } as const;

function filterLink(filter: TicketFilter, q: string | undefined): string {
  const query = new URLSearchParams();
  if (filter !== 'total_tickets') query.set('filter', filter);
  if (q) query.set('q', q);
  const search = query.toString();
  return search ? `?${search}` : PATH;
}

function StatusCounts({
  current,
  counts,
  q,
}: {
  current: TicketFilter;
  counts: Record<TicketFilter, number>;
  q?: string;
}) {
  const { t } = useTranslation('workspace');
  const colours = {
    total_tickets: 'primary',
    Open: 'success',
    Pending: 'warning',
    Closed: 'danger',
  } as const;
  return (
    <nav aria-label={t('tickets.filterLabel')}>
      <ul className="demo-shop-counts">
        {TICKET_FILTERS.map((filter) => (
          <li key={filter}>
            {/* A link drawn as the UI layer's Sheet: solid for the filter shown, soft for the others. */}
            <Link
              to={filterLink(filter, q)}
              aria-current={filter === current ? 'page' : undefined}
              className={`ui-sheet ui-variant-${filter === current ? 'solid' : 'soft'} ui-color-${colours[filter]} demo-shop-count`}
            >
              <Text level="h2" component="span" textColor="inherit" style={{ display: 'block' }}>
                {counts[filter]}
              </Text>
              <Text component="span" textColor="inherit" fontWeight="lg" style={{ display: 'block' }}>
                {t(`tickets.filters.${filter}`)}
              </Text>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DeleteTicket({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('workspace');
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('id') === String(ticket.Id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={ticket.Id} />
      <IconButton
        type="submit"
        name="intent"
        value="delete"
        color="danger"
        variant="plain"
        loading={pending}
        aria-label={t('tickets.delete', { title: ticket.ticketTitle })}
        title={t('tickets.delete', { title: ticket.ticketTitle })}
      >
        <IconTrash aria-hidden size={18} />
      </IconButton>
    </Form>
  );
}

export default function Tickets() {
  const { params, counts, tickets } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('workspace');
  return (
    <Stack gap={3}>
      <PageHeading title={t('tickets.title')} intro={t('tickets.intro')} />
      <StatusCounts current={params.filter} counts={counts} q={params.q} />
      <SearchForm
        searchId="ticket-search"
        searchValue={params.q}
        placeholder={t('tickets.searchPlaceholder')}
      >
        {params.filter !== 'total_tickets' && <input type="hidden" name="filter" value={params.filter} />}
      </SearchForm>
      <Text level="body-sm" role="status">
        {t('tickets.count', { count: tickets.length })}
      </Text>
      {tickets.length === 0 ? (
        <Text>{t('tickets.empty')}</Text>
      ) : (
        <Sheet variant="outlined" style={{ borderRadius: 'var(--joy-radius-sm)', overflowX: 'auto' }}>
          <Table stripe="odd" hoverRow className="demo-shop-tickets" style={{ minInlineSize: 760 }}>
            <caption className="visually-hidden">{t(`tickets.filters.${params.filter}`)}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ width: 64 }}>
                  {t('tickets.columns.id')}
                </th>
                <th scope="col">{t('tickets.columns.ticket')}</th>
                <th scope="col" style={{ width: 200 }}>
                  {t('tickets.columns.agent')}
                </th>
                <th scope="col" style={{ width: 110 }}>
                  {t('tickets.columns.status')}
                </th>
                <th scope="col" style={{ width: 130 }}>
                  {t('tickets.columns.date')}
                </th>
                <th scope="col" style={{ width: 80 }}>
                  {t('tickets.columns.action')}
                </th>
              </tr>
            </thead>
            <tbody>
              {tickets.map((ticket) => (
                <tr key={ticket.Id}>
                  <td>{ticket.Id}</td>
                  <td>
                    {/* The table's own size and colour, as Joy's Typography takes them inside a Table. */}
                    <p style={{ margin: 0, fontWeight: 'var(--joy-fontWeight-lg)' }}>{ticket.ticketTitle}</p>
                    <Text level="body-sm" textColor="text.secondary">
                      {ticket.ticketDescription}
                    </Text>
                  </td>
                  <td>
                    <Stack direction="row" gap={1} alignItems="center">
                      <Avatar src={ticket.thumb} alt="" size="sm" />
                      <span>{ticket.AgentName}</span>
                    </Stack>
                  </td>
                  <td>
                    <StatusLabel colour={CHIP_COLOURS[ticket.Label]} variant="soft">
                      {t(`tickets.filters.${ticket.Status}`)}
                    </StatusLabel>
                  </td>
                  <td>
                    <time dateTime={ticket.Date}>{formatDate(ticket.Date, i18n.language)}</time>
                  </td>
                  <td>
                    <DeleteTicket ticket={ticket} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Sheet>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
