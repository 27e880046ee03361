// Drivers and suppliers share their screens: a searchable list with an active filter, and one add/edit
// form built from a list of fields.
import { IconPlus } from '@tabler/icons-react';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, Link, useActionData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import type { z } from 'zod';
import type { Page } from '~/services/paging';
import { CheckboxField, TextField } from '~/components/form-field';
import { FormErrors, FormActions } from '~/components/form-parts';
import { IdempotencyKeyField } from '~/components/idempotency-key';
import { ListTable, SearchForm } from '~/components/list-table';
import { PageHeading } from '~/components/page-parts';
import { FilterSelect, SelectField } from '~/components/select-field';
import { RowLink } from '~/components/row-parts';
import { Button, Card, Grid, Stack, StatusLabel } from '~/components/ui';

export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation('shipping');
  return (
    <StatusLabel variant="soft" colour={active ? 'success' : 'neutral'}>
      {active ? t('directory.active') : t('directory.inactive')}
    </StatusLabel>
  );
}

export function DirectoryToolbar({
  params,
  placeholder,
}: {
  params: { q?: string; active?: 'true' | 'false' };
  placeholder: string;
}) {
  const { t } = useTranslation('shipping');
  const { t: tc } = useTranslation();
  return (
    <SearchForm searchId="directory-search" searchValue={params.q} placeholder={placeholder}>
      <FilterSelect
        name="active"
        label={t('directory.status')}
        value={params.active ?? ''}
        options={[
          { value: '', label: tc('list.all') },
          { value: 'true', label: t('directory.active') },
          { value: 'false', label: t('directory.inactive') },
        ]}
      />
    </SearchForm>
  );
}

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'tel' | 'email' | 'date';
  required?: boolean;
  hint?: string;
  ltr?: boolean;
  /** A choice list (native select) instead of a text input. */
  options?: { value: string; label: string }[];
  /** Grid columns at md and up (12 = full width). */
  width?: 3 | 4 | 6 | 8 | 12;
}

/** The add or edit form of a record (a driver, a supplier, an order); posts to its own route, works without JavaScript. */
export function RecordFormPage({
  formId,
  title,
  intro,
  schema,
  fields: specs,
  defaultValue,
  submitLabel,
  cancelTo,
  children,
  after,
}: {
  formId: string;
  title: string;
  intro?: string;
  schema: z.ZodTypeAny;
  fields: readonly FieldSpec[];
  defaultValue: Record<string, string | boolean | undefined>;
  submitLabel: string;
  cancelTo: string;
  children?: ReactNode;
  /** Shown below the form (a driver's deliveries). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('shipping');
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  // Drivers and suppliers are active or not; an order has no such thing (Conform names any field asked).
  const active = 'active' in defaultValue ? fields.active : undefined;
  return (
    <Stack gap={3} style={{ maxWidth: 860 }}>
      <PageHeading title={title} intro={intro} />
      <Card>
        <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
          <Stack gap={2.5}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <IdempotencyKeyField lastResult={lastResult} />
            <Grid container spacing={2}>
              {specs.map((spec) => {
                const field = fields[spec.name];
                if (!field) return null;
                return (
                  <Grid key={spec.name} xs={12} md={spec.width ?? 6}>
                    {spec.options ? (
                      <SelectField
                        field={field}
                        label={spec.label}
                        // A required choice has no "none".
                        placeholder={spec.required ? undefined : t('directory.none')}
                        options={spec.options}
                        required={spec.required}
                        hint={spec.hint}
                      />
                    ) : (
                      <TextField
                        field={field}
                        label={spec.label}
                        type={spec.type}
                        required={spec.required}
                        hint={spec.hint}
                        dir={spec.ltr ? 'ltr' : undefined}
                        autoComplete="off"
                      />
                    )}
                  </Grid>
                );
              })}
            </Grid>
            {active && <CheckboxField field={active} label={t('directory.activeLabel')} />}
            {children}
            <FormActions submitLabel={submitLabel} cancelTo={cancelTo} cancelLabel={t('directory.cancel')} />
          </Stack>
        </Form>
      </Card>
      {after}
    </Stack>
  );
}

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  ltr?: boolean;
}

/** The list page of drivers or suppliers: heading with "Add", search, table (name links to edit), pages. */
export function DirectoryList<T extends { id: number; name: string; active: boolean }>({
  kind,
  basePath,
  data,
  columns,
}: {
  kind: 'drivers' | 'suppliers';
  basePath: `/${string}`;
  data: {
    params: { q?: string; active?: 'true' | 'false' };
    page: Page<T> | null;
    loadError: string | null;
  };
  columns: readonly Column<T>[];
}) {
  const { t } = useTranslation('shipping');
  return (
    <Stack gap={3}>
      <PageHeading
        title={t(`${kind}.title`)}
        intro={t(`${kind}.intro`)}
        action={
          <Button component={Link} to={`${basePath}/new`} startDecorator={<IconPlus aria-hidden size={18} />}>
            {t(`${kind}.add`)}
          </Button>
        }
      />
      <DirectoryToolbar params={data.params} placeholder={t(`${kind}.searchPlaceholder`)} />
      <ListTable
        page={data.page}
        failure={t(`${kind}.loadFailed`, { reason: data.loadError ?? '' })}
        empty={t(`${kind}.empty`)}
        count={t(`${kind}.count`, { count: data.page?.total ?? 0 })}
        caption={t(`${kind}.title`)}
        minWidth={760}
        head={
          <>
            <th scope="col">{t(`${kind}.fields.name`)}</th>
            {columns.map((column) => (
              <th scope="col" key={column.header}>
                {column.header}
              </th>
            ))}
            <th scope="col">{t('directory.status')}</th>
          </>
        }
      >
        {(data.page?.items ?? []).map((record) => (
          <tr key={record.id}>
            <td>
              <RowLink
                to={`${basePath}/${record.id}`}
                aria-label={t('directory.edit', { name: record.name })}
              >
                {record.name}
              </RowLink>
            </td>
            {columns.map((column) => (
              <td key={column.header}>
                {column.ltr ? (
                  <bdi dir="ltr">{column.cell(record) ?? '—'}</bdi>
                ) : (
                  (column.cell(record) ?? '—')
                )}
              </td>
            ))}
            <td>
              <ActiveChip active={record.active} />
            </td>
          </tr>
        ))}
      </ListTable>
    </Stack>
  );
}
