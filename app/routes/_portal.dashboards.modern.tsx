// The landing page after sign-in: a greeting, the user's account, and the role's entry points.
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Grid from '@mui/joy/Grid';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemButton from '@mui/joy/ListItemButton';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Alert from '@mui/joy/Alert';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { MenuIcon } from '~/components/layout/menu-icons';
import { titleMeta } from '~/components/page-title';
import { isStaff, rolesFor, screensFor } from '~/services/access';
import { requireUser, withBackofficeSession } from '~/services/auth.server';
import { backoffice, isBackofficeError } from '~/services/backoffice/client.server';
import { messageKeyFor, reportError } from '~/services/errors.server';
import { pageTools } from '~/services/page.server';
import { PageHeading } from '~/components/page-parts';
import { BarChart } from '~/components/charts/bar-chart';
import { formatDate, formatMoney, formatNumber } from '~/components/format';
import { IN_PROGRESS_STATUSES, ORDER_STATUSES } from '@contract/values';

export const handle = { i18n: ['common', 'catalog', 'dashboard'] };

/** A part of the page that may fail on its own: its message shows in its card. */
async function settle<T>(promise: Promise<T>, context: string): Promise<{ value: T } | { error: string }> {
  try {
    return { value: await promise };
  } catch (error) {
    // An ended back-office session ends the portal's (withBackofficeSession), not just a card.
    if (isBackofficeError(error, 'unauthorized')) throw error;
    reportError(context, error);
    return { error: messageKeyFor(error) };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireUser(request, { anyOf: rolesFor('/dashboards/modern') });
  const { t, title, common } = await pageTools(request, 'dashboard');
  const staff = isStaff(user.roles);
  const client = backoffice();

  const [contact, users, shipments, finance] = await withBackofficeSession(request, () =>
    Promise.all([
      settle(client.call('getContactDetails', { query: { user_id: user.id }, session }), 'dashboard contact'),
      staff ? settle(client.call('listUsers', { session }), 'dashboard users') : null,
      settle(client.call('shippingOrderSummary', { session }), 'dashboard shipments'),
      settle(client.call('financeSummary', { session }), 'dashboard finance'),
    ]),
  );

  const byRole = new Map<string, number>();
  if (users && 'value' in users) {
    for (const entry of users.value.users) {
      const role = entry.role ?? entry.roles[0]?.name ?? 'client';
      byRole.set(role.toLowerCase(), (byRole.get(role.toLowerCase()) ?? 0) + 1);
    }
  }

  return {
    title: title(t('title')),
    user: { name: user.name, role: user.role, staff },
    contact: 'value' in contact ? contact.value : null,
    contactError: 'error' in contact ? common(contact.error) : null,
    users: users && 'value' in users ? { total: users.value.users.length, byRole: [...byRole] } : null,
    usersError: users && 'error' in users ? common(users.error) : null,
    shipments: 'value' in shipments ? shipments.value : null,
    shipmentsError: 'error' in shipments ? common(shipments.error) : null,
    finance: 'value' in finance ? finance.value : null,
    financeError: 'error' in finance ? common(finance.error) : null,
    entryPoints: screensFor(user.roles)
      .filter((screen) => screen.path !== '/dashboards/modern' && screen.menu)
      .map((screen) => ({ path: screen.path, label: screen.menu!.label, icon: screen.menu!.icon })),
  };
}

export const meta = titleMeta;

/** A labelled value; e-mails, phones and codes keep their own direction inside right-to-left text. */
function Field({
  label,
  value,
  dir = 'auto',
}: {
  label: string;
  value: string | null | undefined;
  dir?: 'ltr' | 'auto';
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack direction="row" gap={2} component="div" sx={{ py: 0.5 }}>
      <Typography component="dt" level="body-sm" sx={{ minWidth: 140 }} textColor="text.tertiary">
        {label}
      </Typography>
      <Typography
        component="dd"
        level="body-md"
        sx={{ m: 0, wordBreak: 'break-word' }}
        dir={value ? dir : undefined}
      >
        {value || t('account.notSet')}
      </Typography>
    </Stack>
  );
}

type DashboardData = ReturnType<typeof useLoaderData<typeof loader>>;

const OPEN_STATUSES = ['draft', 'confirmed', 'in_transit', 'arrived', 'cleared'] as const;
const STATUS_COLOURS = {
  draft: 'neutral',
  confirmed: 'primary',
  in_transit: 'primary',
  arrived: 'warning',
  cleared: 'warning',
  delivered: 'success',
  cancelled: 'danger',
} as const;

/** Shipments at a glance: the client's own figures, or the staff's open orders and filling containers. */
function ShipmentFigures({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tcat } = useTranslation('catalog');
  if (data.shipmentsError || !data.shipments) {
    return (
      <Alert color="warning" role="alert">
        {t('shipments.unavailable', { reason: data.shipmentsError ?? '' })}
      </Alert>
    );
  }
  const summary = data.shipments;
  const count = (statuses: readonly (keyof typeof summary.by_status)[]) =>
    statuses.reduce((sum, status) => sum + (summary.by_status[status] ?? 0), 0);
  const figures = [
    { key: 'in_progress', value: count(IN_PROGRESS_STATUSES) },
    { key: 'completed', value: count(['delivered']) },
    { key: 'financed', value: summary.financed },
  ] as const;
  const statuses = data.user.staff ? OPEN_STATUSES : ORDER_STATUSES;
  return (
    <Grid container spacing={3}>
      <Grid xs={12} md={data.user.staff ? 7 : 12}>
        <Card component="section" aria-labelledby="shipments-title" sx={{ height: '100%' }}>
          <Typography id="shipments-title" level="title-lg" component="h2">
            {t(data.user.staff ? 'shipments.staffTitle' : 'shipments.title')}
          </Typography>
          <Stack direction="row" gap={1.5} flexWrap="wrap">
            {figures.map((figure) => (
              <Card
                key={figure.key}
                variant="soft"
                component={Link}
                to={`/apps/shipping?filter=${figure.key}`}
                sx={{ flex: '1 1 120px', textDecoration: 'none', gap: 0 }}
              >
                <Typography level="h3" component="p">
                  {formatNumber(figure.value, i18n.language)}
                </Typography>
                <Typography level="body-sm">{tcat(`orderFilters.${figure.key}`)}</Typography>
              </Card>
            ))}
          </Stack>
          <Typography level="body-sm">
            {t('shipments.cbmInProgress', {
              cbm: formatNumber(summary.total_cbm_in_progress, i18n.language),
            })}
          </Typography>
          {!data.user.staff && (
            <BarChart
              title={t('shipments.byStatus')}
              valueLabel={t('shipments.orders')}
              data={statuses.map((status) => ({
                key: status,
                label: tcat(`orderStatuses.${status}`),
                value: summary.by_status[status] ?? 0,
                colour: STATUS_COLOURS[status],
              }))}
            />
          )}
        </Card>
      </Grid>
      {data.user.staff ? (
        <>
          <Grid xs={12} md={5}>
            <Card component="section" aria-labelledby="open-orders-title" sx={{ height: '100%' }}>
              <Typography id="open-orders-title" level="title-lg" component="h2">
                {t('shipments.openByStatus')}
              </Typography>
              <BarChart
                title={t('shipments.openByStatus')}
                valueLabel={t('shipments.orders')}
                data={statuses.map((status) => ({
                  key: status,
                  label: tcat(`orderStatuses.${status}`),
                  value: summary.by_status[status] ?? 0,
                  colour: STATUS_COLOURS[status],
                }))}
              />
            </Card>
          </Grid>
          <Grid xs={12}>
            <Card component="section" aria-labelledby="containers-title">
              <Typography id="containers-title" level="title-lg" component="h2">
                {t('shipments.containersFilling')}
              </Typography>
              {summary.open_containers.length === 0 ? (
                <Typography>{t('shipments.noOpenContainers')}</Typography>
              ) : (
                <BarChart
                  title={t('shipments.containersFilling')}
                  valueLabel={t('shipments.percentFull')}
                  data={summary.open_containers.map((container) => {
                    const percent = Math.round((container.used_cbm / container.capacity_cbm) * 100);
                    return {
                      key: String(container.id),
                      label: container.name,
                      value: percent,
                      colour: percent >= 95 ? 'danger' : percent >= 75 ? 'warning' : 'primary',
                    };
                  })}
                />
              )}
            </Card>
          </Grid>
        </>
      ) : null}
    </Grid>
  );
}

/** Trade finance at a glance: what is owed, what is due next and overdue; for staff, exposure by client. */
function FinanceFigures({ data }: { data: DashboardData }) {
  const { t, i18n } = useTranslation('dashboard');
  if (data.financeError || !data.finance) {
    return (
      <Alert color="warning" role="alert">
        {t('finance.unavailable', { reason: data.financeError ?? '' })}
      </Alert>
    );
  }
  const summary = data.finance;
  const money = (value: number) => formatMoney(value, summary.currency, i18n.language);
  const figures = [
    { key: 'outstanding', label: t('finance.outstanding'), value: money(summary.outstanding_principal) },
    {
      key: 'next',
      label: t('finance.nextDue'),
      value: summary.next_due_date
        ? t('finance.nextDueValue', {
            amount: money(summary.next_due_amount),
            date: formatDate(summary.next_due_date, i18n.language),
          })
        : t('finance.nothingDue'),
    },
    { key: 'overdue', label: t('finance.overdue'), value: money(summary.overdue_amount) },
  ];
  return (
    <Card component="section" aria-labelledby="finance-title">
      <Typography id="finance-title" level="title-lg" component="h2">
        {t(data.user.staff ? 'finance.staffTitle' : 'finance.title')}
      </Typography>
      <Stack direction="row" gap={1.5} flexWrap="wrap">
        {figures.map((figure) => (
          <Card
            key={figure.key}
            variant="soft"
            color={figure.key === 'overdue' && summary.overdue_amount > 0 ? 'danger' : 'neutral'}
            sx={{ flex: '1 1 180px', gap: 0 }}
          >
            <Typography level="title-lg" component="p">
              {figure.value}
            </Typography>
            <Typography level="body-sm">{figure.label}</Typography>
          </Card>
        ))}
      </Stack>
      {data.user.staff ? (
        summary.exposure.length > 0 && (
          <BarChart
            title={t('finance.exposure')}
            valueLabel=""
            format={money}
            data={summary.exposure.map((entry) => ({
              key: String(entry.partner_id),
              label: entry.partner_name,
              value: entry.outstanding,
            }))}
          />
        )
      ) : (
        <BarChart
          title={t('finance.chart')}
          valueLabel=""
          format={money}
          data={[
            { key: 'outstanding', label: t('finance.outstanding'), value: summary.outstanding_principal },
            {
              key: 'next',
              label: t('finance.nextDueShort'),
              value: summary.next_due_amount,
              colour: 'warning',
            },
            { key: 'overdue', label: t('finance.overdue'), value: summary.overdue_amount, colour: 'danger' },
          ]}
        />
      )}
      <Link to="/apps/loans">{t('finance.allLoans')}</Link>
    </Card>
  );
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const contact = data.contact;
  const address = contact ? [contact.street, contact.city, contact.country].filter(Boolean).join(', ') : null;

  return (
    <Stack gap={3}>
      <PageHeading
        title={t('greeting', { name: data.user.name })}
        intro={data.user.staff ? t('intro.staff') : t('intro.client')}
      />

      <ShipmentFigures data={data} />
      <FinanceFigures data={data} />

      <Grid container spacing={3}>
        <Grid xs={12} md={7}>
          <Card component="section" aria-labelledby="account-title">
            <Typography id="account-title" level="title-lg" component="h2">
              {t('account.title')}
            </Typography>
            {data.contactError ? (
              <Alert color="warning" role="alert">
                {t('account.unavailable', { reason: data.contactError })}
              </Alert>
            ) : contact ? (
              <Stack component="dl" sx={{ m: 0 }}>
                <Field label={t('account.name')} value={contact.name} />
                <Field label={t('account.email')} value={contact.email} dir="ltr" />
                <Field label={t('account.phone')} value={contact.phone} dir="ltr" />
                <Field label={t('account.company')} value={contact.company_name} />
                <Field label={t('account.address')} value={address} />
                <Field
                  label={t('account.role')}
                  value={tc(`user.roles.${data.user.role}`, { defaultValue: data.user.role })}
                />
                {!data.user.staff && (
                  <Field label={t('account.referralCode')} value={contact.referral_code} />
                )}
              </Stack>
            ) : null}
          </Card>
        </Grid>

        <Grid xs={12} md={5}>
          <Stack gap={3}>
            {data.entryPoints.length > 0 && (
              <Card component="section" aria-labelledby="entry-title">
                <Typography id="entry-title" level="title-lg" component="h2">
                  {t('entryPoints')}
                </Typography>
                <List>
                  {data.entryPoints.map((entry) => (
                    <ListItem key={entry.path}>
                      <ListItemButton component={Link} to={entry.path}>
                        <ListItemDecorator>
                          <MenuIcon name={entry.icon} />
                        </ListItemDecorator>
                        {tc(entry.label)}
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Card>
            )}
            {data.user.staff && (
              <Card component="section" aria-labelledby="users-title">
                <Typography id="users-title" level="title-lg" component="h2">
                  {t('users.title')}
                </Typography>
                {data.usersError ? (
                  <Alert color="warning" role="alert">
                    {t('users.unavailable', { reason: data.usersError })}
                  </Alert>
                ) : data.users ? (
                  <>
                    <Typography level="h3" component="p">
                      {t('users.count', { count: data.users.total })}
                    </Typography>
                    <Stack direction="row" gap={1} flexWrap="wrap">
                      {data.users.byRole.map(([role, count]) => (
                        <Chip key={role} variant="soft">
                          {t('users.byRole', {
                            role: tc(`user.roles.${role}`, { defaultValue: role }),
                            count,
                          })}
                        </Chip>
                      ))}
                    </Stack>
                  </>
                ) : null}
              </Card>
            )}
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
