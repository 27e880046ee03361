// Service plans (Starter, Business, Enterprise) with a monthly/yearly switch kept in the URL
// (?billing=monthly|yearly: links, so it works without JavaScript). Clients are offered a quotation;
// staff, who cannot ask for one, the customers directory.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { IconCheck } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from '~/components/translation';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { formatNumber } from '~/components/format';
import { PageHeading } from '~/components/page-parts';
import { titleMeta } from '~/components/page-title';
import { formatPlanMoney, monthlyEquivalent, type Plan, PLANS } from '~/components/pages/pricing-plans';
import { TabLinks } from '~/components/shipping/order-parts';
import {
  Button,
  Card,
  Grid,
  List,
  ListItem,
  ListItemDecorator,
  Stack,
  StatusLabel,
  Text,
} from '~/components/ui';
import { type BillingPeriod, BILLING_PERIODS, pricingParams, queryOf } from '~/forms/pages';
import { hasRole, rolesFor } from '~/services/access';
import { requireUser } from '~/services/auth.server';
import { requireDemoModules } from '~/services/demo/screen.server';
import { pageTools } from '~/services/page.server';

export const handle = { i18n: ['common', 'pages'] };

const QUOTATION = '/apps/request-for-quotation';
const CUSTOMERS = '/apps/customers';

export async function loader({ request }: LoaderFunctionArgs) {
  requireDemoModules();
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
        <Text level="h3" component="p" fontSize="xl3">
          {t('pricing.custom')}
        </Text>
        <Text level="body-sm" textColor="text.secondary">
          {t('pricing.customNote')}
        </Text>
      </div>
    );
  }
  const amount = plan.price[billing];
  return (
    <div>
      <Text level="h3" component="p" fontSize="xl3">
        {formatPlanMoney(amount, language)}{' '}
        <Text level="body-md" textColor="text.secondary" fontWeight="md">
          {billing === 'monthly' ? t('pricing.perMonth') : t('pricing.perYear')}
        </Text>
      </Text>
      <Text level="body-sm" textColor="text.secondary">
        {billing === 'yearly'
          ? t('pricing.yearlyEquivalent', {
              price: formatPlanMoney(monthlyEquivalent(plan.price.yearly), language),
            })
          : '\u00a0'}
      </Text>
    </div>
  );
}

/** A plan's features flush with the card's text. */
const FEATURE_LIST = { '--ListItem-paddingX': '0px' } as CSSProperties;

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
      className={plan.popular ? 'account-plan-popular' : undefined}
      style={{ height: '100%', gap: 16 }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" gap={1}>
        <Text id={headingId} level="h2" fontSize="xl">
          {name}
        </Text>
        {plan.popular && (
          <StatusLabel colour="primary" variant="solid">
            {t('pricing.popular')}
          </StatusLabel>
        )}
      </Stack>
      <Text textColor="text.secondary">{t(`pricing.plans.${plan.id}.summary`)}</Text>
      <Price plan={plan} billing={billing} />
      <List size="sm" aria-label={t('pricing.features', { plan: name })} style={FEATURE_LIST}>
        {plan.features.map((feature) => (
          <ListItem key={feature.key}>
            <ListItemDecorator
              style={{
                color: 'var(--joy-palette-success-plainColor)',
                alignSelf: 'flex-start',
                marginBlockStart: 2,
              }}
            >
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
            <Button component={Link} to={next.path} style={{ whiteSpace: 'nowrap' }}>
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
        <StatusLabel colour="success">{t('pricing.yearlySaving')}</StatusLabel>
      </Stack>
      <Grid container spacing={2}>
        {PLANS.map((plan) => (
          <Grid key={plan.id} xs={12} md={4}>
            <PlanCard plan={plan} billing={billing} />
          </Grid>
        ))}
      </Grid>
      <Text level="body-sm" textColor="text.secondary">
        {t('pricing.notes')}
      </Text>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary inFrame />;
}
