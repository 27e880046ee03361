// The add and edit form of a demo contact: posts to /apps/contacts with its intent; works without
// JavaScript, and comes back with what was typed and the message on the field at fault.
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form, useActionData } from '@remix-run/react';
import { useTranslation } from '~/components/translation';
import { TextField } from '~/components/form-field';
import { FormActions, FormErrors } from '~/components/form-parts';
import { translateMessage } from '~/components/messages';
import { Card, FormControl, FormHelperText, FormLabel, Grid, Stack, Text, Textarea } from '~/components/ui';
import type { Contact } from '~/fixtures/types';
import { contactSchema } from '~/forms/workspace';

const TEXT_FIELDS = [
  { name: 'firstname', type: 'text', required: true, autoComplete: 'off' },
  { name: 'lastname', type: 'text', required: true, autoComplete: 'off' },
  { name: 'department', type: 'text' },
  { name: 'company', type: 'text' },
  { name: 'phone', type: 'tel', ltr: true },
  { name: 'email', type: 'email', ltr: true },
  { name: 'address', type: 'text', wide: true },
] as const;

export function ContactForm({ contact, cancelTo }: { contact: Contact | null; cancelTo: string }) {
  const { t } = useTranslation('workspace');
  const { t: tc } = useTranslation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({
    id: contact ? `contact-${contact.id}` : 'contact-new',
    lastResult,
    defaultValue: contact
      ? {
          firstname: contact.firstname,
          lastname: contact.lastname,
          department: contact.department,
          company: contact.company,
          phone: contact.phone,
          email: contact.email,
          address: contact.address,
          notes: contact.notes,
          frequentlycontacted: contact.frequentlycontacted ? 'on' : undefined,
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const notes = fields.notes;
  const notesErrors = notes.errors ?? [];
  const { key: notesKey, ...notesProps } = getTextareaProps(notes);
  const { key: frequentKey, ...frequentProps } = getInputProps(fields.frequentlycontacted, {
    type: 'checkbox',
  });
  const heading = contact
    ? t('contacts.editTitle', { name: `${contact.firstname} ${contact.lastname}` })
    : t('contacts.addTitle');
  return (
    <Card component="section" aria-labelledby={`${form.id}-heading`}>
      <Text id={`${form.id}-heading`} level="h2" fontSize="xl">
        {heading}
      </Text>
      <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId}>
        {contact && <input type="hidden" name="id" value={contact.id} />}
        <input type="hidden" name="intent" value={contact ? 'update' : 'add'} />
        <Stack gap={2.5}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Grid container spacing={2}>
            {TEXT_FIELDS.map((spec) => (
              <Grid key={spec.name} xs={12} md={'wide' in spec ? 12 : 6}>
                <TextField
                  field={fields[spec.name]}
                  label={t(`contacts.fields.${spec.name}`)}
                  type={spec.type}
                  required={'required' in spec}
                  dir={'ltr' in spec ? 'ltr' : undefined}
                  autoComplete="off"
                />
              </Grid>
            ))}
            <Grid xs={12}>
              <FormControl error={notesErrors.length > 0}>
                <FormLabel htmlFor={notes.id}>{t('contacts.fields.notes')}</FormLabel>
                <Textarea key={notesKey} minRows={3} slotProps={{ textarea: notesProps }} />
                {notesErrors.length > 0 && (
                  <FormHelperText id={notes.errorId} role="alert">
                    {notesErrors.map((message) => translateMessage(tc, message)).join(' ')}
                  </FormHelperText>
                )}
              </FormControl>
            </Grid>
          </Grid>
          <label className="checkbox-label" htmlFor={fields.frequentlycontacted.id}>
            <input key={frequentKey} {...frequentProps} />
            {t('contacts.fields.frequentlycontacted')}
          </label>
          <FormActions
            submitLabel={contact ? t('contacts.save') : t('contacts.add')}
            cancelTo={cancelTo}
            cancelLabel={t('contacts.cancel')}
          />
        </Stack>
      </Form>
    </Card>
  );
}
