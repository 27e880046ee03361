// The request lists: search, status and type filters and pages in the URL (GET form, works without
// JavaScript); for staff, approve or reject each pending request with a note.
import type { SubmissionResult } from '@conform-to/react';
import FormControl from '@mui/joy/FormControl';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import Link from '@mui/joy/Link';
import Sheet from '@mui/joy/Sheet';
import Stack from '@mui/joy/Stack';
import Table from '@mui/joy/Table';
import Textarea from '@mui/joy/Textarea';
import Typography from '@mui/joy/Typography';
import {
  Form,
  Link as RemixLink,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from '@remix-run/react';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICES } from '~/catalog';
import { Button } from '~/components/button';
import { REQUEST_STATUSES, type RequestStatus } from '@contract/values';
import type { ShippingRequest } from '@contract';
import type { requestListLoader } from '~/services/request-list.server';
import { formatBytes, formatDate } from '../format';
import { FormErrors } from '../form-parts';
import { Pagination } from '../pagination';
import { FilterSelect } from '../select-field';
import { LoadFailed, PageHeading } from '~/components/page-parts';
import { originOptions, WarehouseDefault } from '~/components/shipping/order-parts';
import { StatusLabel } from '~/components/row-parts';

type LoaderData = Awaited<ReturnType<typeof requestListLoader>>;
/** What the review action answers when it refuses (a success redirects). */
type ActionData = { review: SubmissionResult<string[]>; reviewId: number | null };

const STATUS_COLOURS: Record<RequestStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function StatusChip({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('catalog');
  return (
    <StatusLabel variant="soft" colour={STATUS_COLOURS[status]}>
      {t(`requestStatuses.${status}`)}
    </StatusLabel>
  );
}

function Toolbar({ data }: { data: LoaderData }) {
  const { t } = useTranslation('requests');
  const { t: tc } = useTranslation();
  const { t: tcat } = useTranslation('catalog');
  return (
    <Form method="get" role="search" aria-label={tc('list.search')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        gap={1.5}
        alignItems={{ sm: 'flex-end' }}
        flexWrap="wrap"
      >
        <FormControl size="sm" sx={{ flex: 1, minWidth: 220 }}>
          <FormLabel htmlFor="request-search">{tc('list.search')}</FormLabel>
          <Input
            size="sm"
            slotProps={{
              input: { id: 'request-search', name: 'q', type: 'search', defaultValue: data.params.q ?? '' },
            }}
            placeholder={t('list.searchPlaceholder')}
          />
        </FormControl>
        <FilterSelect
          name="status"
          label={t('list.status')}
          value={data.params.status ?? ''}
          options={[
            { value: '', label: tc('list.all') },
            ...REQUEST_STATUSES.map((status) => ({
              value: status,
              label: tcat(`requestStatuses.${status}`),
            })),
          ]}
        />
        {data.staff && (
          <FilterSelect
            name="origin"
            label={t('list.origin')}
            value={data.page?.origin ?? 'all'}
            options={originOptions(tc('list.all'), tcat, true)}
          />
        )}
        {!data.fixedService && (
          <FilterSelect
            name="service"
            label={t('list.service')}
            value={data.params.service ?? ''}
            options={[
              { value: '', label: tc('list.all') },
              ...SERVICES.map((service) => ({ value: service, label: tcat(`services.${service}`) })),
            ]}
          />
        )}
        <Button type="submit" size="sm">
          {tc('list.apply')}
        </Button>
        <Button component={RemixLink} to="?" size="sm" variant="plain" color="neutral">
          {tc('list.clear')}
        </Button>
      </Stack>
    </Form>
  );
}

function ReviewForm({ request }: { request: ShippingRequest }) {
  const { t } = useTranslation('requests');
  const answer = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const errors = answer?.reviewId === request.id ? answer.review.error?.[''] : undefined;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(request.id);
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      aria-label={t('review.open', { id: request.id })}
    >
      <Stack gap={1.5}>
        <FormErrors id={`review-${request.id}-error`} errors={errors ?? undefined} />
        <input type="hidden" name="id" value={request.id} />
        <FormControl size="sm">
          <FormLabel htmlFor={`review-${request.id}-note`}>{t('review.note')}</FormLabel>
          <Textarea
            minRows={2}
            slotProps={{ textarea: { id: `review-${request.id}-note`, name: 'note', maxLength: 2000 } }}
          />
        </FormControl>
        <Stack direction="row" gap={1}>
          <Button type="submit" name="decision" value="approved" color="success" size="sm" loading={busy}>
            {t('review.approve')}
          </Button>
          <Button
            type="submit"
            name="decision"
            value="rejected"
            color="danger"
            variant="soft"
            size="sm"
            disabled={busy}
          >
            {t('review.reject')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

/** What came of an approved request: its shipping order, or (staff) the link to make one. */
function FollowUp({ request, staff }: { request: ShippingRequest; staff: boolean }) {
  const { t } = useTranslation('requests');
  if (request.loan_id) {
    return (
      <Link component={RemixLink} to={`/apps/loans?q=${request.loan_id}`} level="body-sm">
        {t('list.openLoan')}
      </Link>
    );
  }
  if (staff && request.status === 'approved' && request.service === 'trade_finance') {
    return (
      <Button component={RemixLink} to={`/apps/loans/new-loan/${request.id}`} size="sm" variant="soft">
        {t('list.createLoan')}
      </Button>
    );
  }
  if (request.shipping_order_id !== null) {
    return (
      <Link component={RemixLink} to={`/apps/shipping-details/${request.shipping_order_id}`} level="body-sm">
        {t('list.openOrder')}
      </Link>
    );
  }
  if (
    staff &&
    request.status === 'approved' &&
    request.service !== 'quotation' &&
    request.service !== 'trade_finance'
  ) {
    return (
      <Button component={RemixLink} to={`/apps/shipping/new-order/${request.id}`} size="sm" variant="soft">
        {t('list.createOrder')}
      </Button>
    );
  }
  return staff ? <>{t('list.noNote')}</> : null;
}

function Attachments({ request }: { request: ShippingRequest }) {
  const { t, i18n } = useTranslation('requests');
  if (request.attachments.length === 0) return <>{t('list.noNote')}</>;
  return (
    <Stack gap={0.5}>
      {request.attachments.map((file) => (
        <Link
          key={file.id}
          href={`/apps/requests/${request.id}/attachments/${file.id}`}
          aria-label={t('list.download', { filename: file.filename })}
          startDecorator={<IconPaperclip aria-hidden size={16} />}
          level="body-sm"
          sx={{ wordBreak: 'break-all' }}
        >
          {file.filename} ({formatBytes(file.size, i18n.language)})
        </Link>
      ))}
    </Stack>
  );
}

export function RequestList({ titleKey, introKey }: { titleKey: string; introKey: string }) {
  const data = useLoaderData<LoaderData>();
  const { t, i18n } = useTranslation('requests');
  const { t: tcat } = useTranslation('catalog');

  return (
    <Stack gap={3}>
      <PageHeading
        title={t(titleKey)}
        intro={t(introKey)}
        action={
          data.staff ? undefined : (
            <Button
              component={RemixLink}
              to="/apps/send-request-for-service"
              startDecorator={<IconPlus aria-hidden size={18} />}
            >
              {t('list.newRequest')}
            </Button>
          )
        }
      />

      <Toolbar data={data} />
      <WarehouseDefault warehouse={data.page?.warehouse ?? null} />

      {data.loadError || !data.page ? (
        <LoadFailed>{t('list.loadFailed', { reason: data.loadError ?? '' })}</LoadFailed>
      ) : data.page.requests.length === 0 ? (
        <Typography>
          {data.staff || data.params.q || data.params.status ? t('list.empty') : t('list.emptyClient')}
        </Typography>
      ) : (
        <>
          <Typography level="body-sm" role="status">
            {t('list.count', { count: data.page.total })}
          </Typography>
          <Sheet variant="outlined" sx={{ borderRadius: 'sm', overflowX: 'auto' }}>
            <Table
              stripe="odd"
              hoverRow
              sx={{ minWidth: data.staff ? 1180 : 900, '& td': { verticalAlign: 'top' } }}
            >
              <caption className="visually-hidden">{t(titleKey)}</caption>
              <thead>
                <tr>
                  <th scope="col" style={{ width: 70 }}>
                    {t('list.columns.id')}
                  </th>
                  <th scope="col">{t('list.columns.request')}</th>
                  {data.staff && <th scope="col">{t('list.columns.customer')}</th>}
                  <th scope="col">{t('list.columns.type')}</th>
                  <th scope="col">{t('list.columns.status')}</th>
                  <th scope="col">{t('list.columns.note')}</th>
                  <th scope="col">{t('list.columns.date')}</th>
                  <th scope="col">{t('list.columns.attachments')}</th>
                  {data.staff && (
                    <th scope="col" style={{ width: 230 }}>
                      {t('list.columns.actions')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {data.page.requests.map((request) => (
                  <tr key={request.id}>
                    <td>#{request.id}</td>
                    <td>
                      <Typography level="title-sm">{request.name}</Typography>
                      <Typography
                        level="body-xs"
                        sx={{ whiteSpace: 'pre-line', maxHeight: 96, overflow: 'hidden' }}
                      >
                        {request.description}
                      </Typography>
                    </td>
                    {data.staff && (
                      <td>
                        {request.partner_name}
                        <Typography level="body-xs" dir="ltr">
                          {request.email_from}
                        </Typography>
                      </td>
                    )}
                    <td>{request.service ? tcat(`services.${request.service}`) : t('list.noNote')}</td>
                    <td>
                      <StatusChip status={request.status} />
                    </td>
                    <td>
                      {!data.staff && <FollowUp request={request} staff={false} />}
                      {request.staff_note ?? t('list.noNote')}
                      {request.reviewed_by && (
                        <Typography level="body-xs" textColor="text.tertiary">
                          {t('review.reviewedBy', { name: request.reviewed_by })}
                        </Typography>
                      )}
                    </td>
                    <td>{formatDate(request.created_at, i18n.language)}</td>
                    <td>
                      <Attachments request={request} />
                    </td>
                    {data.staff && (
                      <td>
                        {request.status === 'pending' ? (
                          <ReviewForm request={request} />
                        ) : (
                          <FollowUp request={request} staff />
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
          <Pagination page={data.page.page} pages={data.page.pages} />
        </>
      )}
    </Stack>
  );
}
