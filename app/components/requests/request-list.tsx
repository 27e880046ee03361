// The request lists: search, status and type filters and pages in the URL (GET form, works without
// JavaScript); for staff, approve or reject each pending request with a note.
import type { SubmissionResult } from '@conform-to/react';
import {
  Form,
  Link as RemixLink,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from '@remix-run/react';
import { IconPaperclip, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { SERVICES } from '~/catalog';
import { REQUEST_STATUSES, type RequestStatus } from '@contract/values';
import type { ShippingRequest } from '@contract';
import type { requestListLoader } from '~/services/request-list.server';
import { formatBytes, formatDate } from '../format';
import { TextareaField } from '../form-field';
import { FormErrors } from '../form-parts';
import { ListTable, SearchForm } from '../list-table';
import { FilterSelect } from '../select-field';
import { PageHeading } from '~/components/page-parts';
import { originOptions, WarehouseDefault } from '~/components/shipping/order-parts';
import { Button, Stack, StatusLabel, Text, TextLink } from '~/components/ui';
import { requestChoices, requestTitle } from './request-title';

type LoaderData = Awaited<ReturnType<typeof requestListLoader>>;
/**
 * What the review action answers short of a decision (a decision redirects): the form refused, the
 * decision to confirm, or the form back to change it.
 */
type ActionData =
  | { review: SubmissionResult<string[]>; reviewId: number | null }
  | { confirm: { id: number; decision: 'approved' | 'rejected'; note: string } }
  | { edit: { id: number; note: string } };

const STATUS_COLOURS: Record<RequestStatus, 'warning' | 'success' | 'danger' | 'neutral'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
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
    <SearchForm
      searchId="request-search"
      searchValue={data.params.q}
      placeholder={t('list.searchPlaceholder')}
    >
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
    </SearchForm>
  );
}

/** Words a person typed (a request's text, a staff note): their own direction, their lines kept. */
export function TypedText({ level, children }: { level?: 'body-sm'; children: ReactNode }) {
  return (
    <Text level={level} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** The second step of a decision: what it will be, the note the customer will read, and "yes" or "change". */
function ConfirmReview({
  request,
  decision,
  note,
}: {
  request: ShippingRequest;
  decision: 'approved' | 'rejected';
  note: string;
}) {
  const { t } = useTranslation('requests');
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(request.id);
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      aria-label={t('review.confirmTitle', { id: request.id })}
    >
      <Stack gap={1.5}>
        <Text level="title-sm" role="status">
          {t(`review.confirm_${decision}`, { id: request.id })}
        </Text>
        {note ? (
          <>
            <Text level="body-sm">{t('review.confirmNote')}</Text>
            <TypedText level="body-sm">{note}</TypedText>
          </>
        ) : (
          <Text level="body-sm">{t('review.confirmWithoutNote')}</Text>
        )}
        <input type="hidden" name="id" value={request.id} />
        <input type="hidden" name="decision" value={decision} />
        <input type="hidden" name="note" value={note} />
        <Stack direction="row" gap={1} flexWrap="wrap">
          <Button
            type="submit"
            name="confirm"
            value="1"
            color={decision === 'approved' ? 'success' : 'danger'}
            size="sm"
            loading={busy}
            // The step replaces the form that had the focus: the answer to give is where it goes.
            autoFocus
          >
            {t(`review.yes_${decision}`)}
          </Button>
          <Button
            type="submit"
            name="change"
            value="1"
            variant="plain"
            color="neutral"
            size="sm"
            disabled={busy}
          >
            {t('review.change')}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

/**
 * Staff's decision on a pending request: a note and approve or reject, each confirmed in a second step.
 * A trade-finance request is approved with its loan's terms, on the assessment page (`rejectOnly` is
 * that page's own form, to deny it).
 */
export function ReviewForm({
  request,
  rejectOnly = false,
}: {
  request: ShippingRequest;
  rejectOnly?: boolean;
}) {
  const { t } = useTranslation('requests');
  const answer = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  if (answer && 'confirm' in answer && answer.confirm.id === request.id) {
    return <ConfirmReview request={request} decision={answer.confirm.decision} note={answer.confirm.note} />;
  }
  const refused = answer && 'review' in answer && answer.reviewId === request.id ? answer.review : undefined;
  const errors = refused?.error?.[''];
  const typed =
    answer && 'edit' in answer && answer.edit.id === request.id
      ? answer.edit.note
      : typeof refused?.initialValue?.note === 'string'
        ? refused.initialValue.note
        : undefined;
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
        <TextareaField
          key={typed ?? ''}
          plain={{ id: `review-${request.id}-note`, name: 'note', defaultValue: typed }}
          label={t('review.note')}
          size="sm"
          minRows={2}
          maxLength={2000}
        />
        <Stack direction="row" gap={1} flexWrap="wrap">
          {rejectOnly ? null : request.service === 'trade_finance' ? (
            <Button component={RemixLink} to={`/apps/loans/new-loan/${request.id}`} color="success" size="sm">
              {t('review.approveWithTerms')}
            </Button>
          ) : (
            <Button type="submit" name="decision" value="approved" color="success" size="sm" loading={busy}>
              {t('review.approve')}
            </Button>
          )}
          <Button
            type="submit"
            name="decision"
            value="rejected"
            color="danger"
            variant="soft"
            size="sm"
            loading={rejectOnly && busy}
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
export function FollowUp({ request, staff }: { request: ShippingRequest; staff: boolean }) {
  const { t } = useTranslation('requests');
  if (request.loan_id) {
    // The loan's page is found by its number; a back office that does not send it gets the loans list.
    return (
      <TextLink
        to={request.loan_name ? `/apps/loan/loan-details/${request.loan_name}` : '/apps/loans'}
        level="body-sm"
      >
        {t('list.openLoan')}
      </TextLink>
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
      <TextLink to={`/apps/shipping-details/${request.shipping_order_id}`} level="body-sm">
        {t('list.openOrder')}
      </TextLink>
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

export function Attachments({ request }: { request: ShippingRequest }) {
  const { t, i18n } = useTranslation('requests');
  if (request.attachments.length === 0) return <>{t('list.noNote')}</>;
  return (
    <Stack gap={0.5}>
      {request.attachments.map((file) => (
        <TextLink
          key={file.id}
          href={`/apps/requests/${request.id}/attachments/${file.id}`}
          aria-label={t('list.download', { filename: file.filename })}
          startDecorator={<IconPaperclip aria-hidden size={16} />}
          level="body-sm"
          style={{ wordBreak: 'break-all' }}
        >
          <bdi>{file.filename}</bdi>{' '}
          {/* The size and its parentheses in the reader's direction, never broken apart. */}
          <bdi style={{ whiteSpace: 'nowrap' }}>({formatBytes(file.size, i18n.language)})</bdi>
        </TextLink>
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
      <WarehouseDefault warehouse={data.page?.warehouse ?? null} withUnknownOrigin />

      <ListTable
        page={
          data.page && !data.loadError
            ? { items: data.page.requests, page: data.page.page, pages: data.page.pages }
            : null
        }
        failure={t('list.loadFailed', { reason: data.loadError ?? '' })}
        empty={data.staff || data.params.q || data.params.status ? t('list.empty') : t('list.emptyClient')}
        count={t('list.count', { count: data.page?.total ?? 0 })}
        caption={t(titleKey)}
        minWidth={data.staff ? 1180 : 900}
        topAligned
        head={
          <>
            <th scope="col" style={{ width: 70 }}>
              {t('list.columns.id')}
            </th>
            {/* The request's title, choices and words take the room they need; the other columns are short. */}
            <th scope="col" style={{ width: '26%' }}>
              {t('list.columns.request')}
            </th>
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
          </>
        }
      >
        {(data.page?.requests ?? []).map((request) => (
          <tr key={request.id}>
            <td>
              <TextLink to={`/apps/requests/${request.id}`}>#{request.id}</TextLink>
            </td>
            <td>
              <Text level="title-sm">
                <TextLink to={`/apps/requests/${request.id}`}>
                  {requestTitle(tcat, request, request.choices)}
                </TextLink>
              </Text>
              {requestChoices(tcat, request.choices, request, i18n.language) && (
                <Text level="body-xs" textColor="text.secondary">
                  {requestChoices(tcat, request.choices, request, i18n.language)}
                </Text>
              )}
              {/* The customer's words, clipped here: the request's page shows them whole. */}
              <Text
                level="body-xs"
                dir="auto"
                style={{ whiteSpace: 'pre-line', maxHeight: 96, overflow: 'hidden' }}
              >
                {request.text}
              </Text>
            </td>
            {data.staff && (
              <td>
                <bdi>{request.partner_name}</bdi>
                <Text level="body-xs" dir="ltr">
                  {request.email_from}
                </Text>
              </td>
            )}
            <td>{request.service ? tcat(`services.${request.service}`) : t('list.noNote')}</td>
            <td>
              <StatusChip status={request.status} />
            </td>
            <td>
              {!data.staff && <FollowUp request={request} staff={false} />}
              {request.staff_note ? (
                <bdi style={{ whiteSpace: 'pre-line' }}>{request.staff_note}</bdi>
              ) : (
                t('list.noNote')
              )}
              {request.reviewed_by && (
                <Text level="body-xs" textColor="text.tertiary">
                  {t('review.reviewedBy', { name: request.reviewed_by })}
                </Text>
              )}
            </td>
            <td>
              <time dateTime={request.created_at}>{formatDate(request.created_at, i18n.language)}</time>
            </td>
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
      </ListTable>
    </Stack>
  );
}
