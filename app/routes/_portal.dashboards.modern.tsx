// The landing page after sign-in: a greeting, the user's account, and the role's entry points.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import {
  Alert,
  Card,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemButton,
  ListItemDecorator,
  Stack,
  Text,
} from '~/components/ui';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { MenuIcon } from '~/components/layout/menu-icons';
import { titleMeta } from '~/components/page-title';
import { isStaff, rolesFor, screensFor } from '~/services/access';
import { env } from '~/services/env.server';
import { requireUser } from '~/services/auth.server';
import { dashboardParts } from '~/services/dashboard.server';
import { pageTools } from '~/services/page.server';
import { PageHeading } from '~/components/page-parts';
import { FinanceFigures } from '~/components/dashboard/finance-figures';
import { StaffWork } from '~/components/dashboard/staff-work';
import { ShipmentFigures } from '~/components/dashboard/shipment-figures';

export const handle = { i18n: ['common', 'catalog', 'dashboard'] };

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/dashboards/modern') });
  const { user } = signedIn;
  const { t, title, common } = await pageTools(request, 'dashboard');
  const { contact, users, shipments, finance, work } = await dashboardParts(signedIn, common);
  return {
    title: title(t('title')),
    user: { name: user.name, role: user.role, staff: isStaff(user.roles) },
    contact: contact.value,
    contactError: contact.error,
    users: users?.value ?? null,
    usersError: users?.error ?? null,
    shipments: shipments.value,
    shipmentsError: shipments.error,
    finance: finance.value,
    financeError: finance.error,
    work: work?.value ?? null,
    workError: work?.error ?? null,
    entryPoints: screensFor(user.roles, { demo: env().DEMO_MODULES === 'on' })
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
  typed = false,
}: {
  label: string;
  value: string | null | undefined;
  dir?: 'ltr' | 'auto';
  /** Words a person typed (a name, an address), isolated and kept as typed. */
  typed?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack direction="row" gap={2} component="div" style={{ paddingBlock: 4 }}>
      <Text component="dt" level="body-sm" style={{ minWidth: 140 }} textColor="text.tertiary">
        {label}
      </Text>
      <Text
        component="dd"
        level="body-md"
        style={{ margin: 0, wordBreak: 'break-word' }}
        dir={value ? dir : undefined}
      >
        {!value ? t('account.notSet') : typed ? <bdi>{value}</bdi> : value}
      </Text>
    </Stack>
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

      {data.user.staff && <StaffWork work={data.work} error={data.workError} />}
      <ShipmentFigures staff={data.user.staff} summary={data.shipments} error={data.shipmentsError} />
      <FinanceFigures staff={data.user.staff} summary={data.finance} error={data.financeError} />

      <Grid container spacing={3}>
        <Grid xs={12} md={7}>
          <Card component="section" aria-labelledby="account-title">
            <Text id="account-title" level="title-lg" component="h2">
              {t('account.title')}
            </Text>
            {data.contactError ? (
              <Alert color="warning" role="alert">
                {t('account.unavailable', { reason: data.contactError })}
              </Alert>
            ) : contact ? (
              <Stack component="dl" style={{ margin: 0 }}>
                <Field label={t('account.name')} value={contact.name} typed />
                <Field label={t('account.email')} value={contact.email} dir="ltr" />
                <Field label={t('account.phone')} value={contact.phone} dir="ltr" />
                <Field label={t('account.company')} value={contact.company_name} typed />
                <Field label={t('account.address')} value={address} typed />
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
                <Text id="entry-title" level="title-lg" component="h2">
                  {t('entryPoints')}
                </Text>
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
                <Text id="users-title" level="title-lg" component="h2">
                  {t('users.title')}
                </Text>
                {data.usersError ? (
                  <Alert color="warning" role="alert">
                    {t('users.unavailable', { reason: data.usersError })}
                  </Alert>
                ) : data.users ? (
                  <>
                    <Text level="h3" component="p">
                      {t('users.count', { count: data.users.total })}
                    </Text>
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
