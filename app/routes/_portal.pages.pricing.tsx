// Service plans (Starter, Business, Enterprise) with a monthly/yearly switch kept in the URL
// (?billing=monthly|yearly: links, so it works without JavaScript). Clients are offered a quotation;
// staff, who cannot ask for one, the customers directory.
import Card from '@mui/joy/Card';
import Chip from '@mui/joy/Chip';
import Grid from '@mui/joy/Grid';
import List from '@mui/joy/List';
import ListItem from '@mui/joy/ListItem';
import ListItemDecorator from '@mui/joy/ListItemDecorator';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/button';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatNumber } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { formatPlanMoney, monthlyEquivalent, type Plan, PLANS } from '~/components/pages/pricing-plans';
import { TabLinks } from '~/components/shipping/order-parts';
import { type BillingPeriod, BILLING_PERIODS, pricingParams, queryOf } from '~/forms/pages';
import { hasRole, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

const QUOTATION = '/apps/request-for-quotation';
const CUSTOMERS = '/apps/customers';

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireUser(request, { anyOf: rolesFor('/pages/pricing') });
  const { t, title } = await pageTools(request, 'pages');
  const { billing } = pricingParams.parse(queryOf(request));
  const roles = signedIn.user.roles;
  const next = hasRole(roles, rolesFor(QUOTATION))
    ? ({ path: QUOTATION, label: 'pricing.requestQuotation' } as const)
    : hasRole(roles, rolesFor(CUSTOMERS))
      ? ({ path: CUSTOMERS, label: 'pricing.customers' } as const)
      : null;
  return { title: title(t('pricing.title')), billing, next };
}

export const meta = titleMeta;

function Price({ plan, billing }: { plan: Plan; billing: BillingPeriod }) {
  const { t, i18n } = useTranslation('pages');
  const language = i18n.language;
  if (!plan.price) {
    return (
      <div>
        <Typography level="h3" component="p" sx={{ fontSize: 'xl3' }}>
          {t('pricing.custom')}
        </Typography>
        <Typography level="body-sm" textColor="text.secondary">
          {t('pricing.customNote')}
        </Typography>
      </div>
    );
  }
  const amount = plan.price[billing];
  return (
    <div>
      <Typography level="h3" component="p" sx={{ fontSize: 'xl3' }}>
        {formatPlanMoney(amount, language)}{' '}
        <Typography level="body-md" textColor="text.secondary" fontWeight="md">
          {billing === 'monthly' ? t('pricing.perMonth') : t('pricing.perYear')}
        </Typography>
      </Typography>
      <Typography level="body-sm" textColor="text.secondary">
        {billing === 'yearly'
          ? t('pricing.yearlyEquivalent', {
              price: formatPlanMoney(monthlyEquivalent(plan.price.yearly), language),
            })
          : '\u00a0'}
      </Typography>
    </div>
  );
}

function PlanCard({ plan, billing }: { plan: Plan; billing: BillingPeriod }) {
  const { t, i18n } = useTranslation('pages');
  const language = i18n.language;
  const name = t(`pricing.plans.${plan.id}.name`);
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      color={plan.popular ? 'primary' : 'neutral'}
      sx={{ height: '100%', gap: 2, ...(plan.popular ? { borderWidth: 2 } : {}) }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
        <Typography id={headingId} level="h2" sx={{ fontSize: 'xl' }}>
          {name}
        </Typography>
        {plan.popular && (
          <Chip color="primary" variant="solid" size="sm">
            {t('pricing.popular')}
          </Chip>
        )}
      </Stack>
      <Typography textColor="text.secondary">{t(`pricing.plans.${plan.id}.summary`)}</Typography>
      <Price plan={plan} billing={billing} />
      <List size="sm" aria-label={t('pricing.features', { plan: name })} sx={{ '--ListItem-paddingX': 0 }}>
        {plan.features.map((feature) => (
          <ListItem key={feature.key}>
            <ListItemDecorator sx={{ color: 'success.plainColor', alignSelf: 'flex-start', mt: 0.25 }}>
              <IconCheck aria-hidden size={18} />
            </ListItemDecorator>
            {t(`pricing.feature.${feature.key}`, {
              amount: feature.amount === undefined ? undefined : formatPlanMoney(feature.amount, language),
              cbm: feature.cbm === undefined ? undefined : formatNumber(feature.cbm, language),
            })}
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

export default function Pricing() {
  const { billing, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation('pages');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t('pricing.title')}
        intro={t('pricing.intro')}
        action={
          next && (
            <Button component={Link} to={next.path} sx={{ whiteSpace: 'nowrap' }}>
              {t(next.label)}
            </Button>
          )
        }
      />
      <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
        <TabLinks
          name="billing"
          label={t('pricing.billing')}
          current={billing}
          tabs={BILLING_PERIODS.map((period) => ({ value: period, label: t(`pricing.${period}`) }))}
        />
        <Chip color="success" variant="soft" size="sm">
          {t('pricing.yearlySaving')}
        </Chip>
      </Stack>
      <Grid container spacing={2}>
        {PLANS.map((plan) => (
          <Grid key={plan.id} xs={12} md={4}>
            <PlanCard plan={plan} billing={billing} />
          </Grid>
        ))}
      </Grid>
      <Typography level="body-sm" textColor="text.secondary">
        {t('pricing.notes')}
      </Typography>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
