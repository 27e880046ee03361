// The actions every document offers: download as PDF, download as PNG, share, print. Downloads are
// plain links (they work without JavaScript); with JavaScript the page says while the file is being
// prepared and tells plainly when it could not be, instead of leaving the reader waiting.
import { useSearchParams } from '@remix-run/react';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from '~/components/translation';
import { Button } from '~/components/ui';
import { PrintButton } from '~/components/print-button';
import { Alert, Stack, Text } from '~/components/ui';
import { ShareForm } from './share-form';

type Format = 'pdf' | 'png';
const FORMATS: Format[] = ['pdf', 'png'];

/** The name the server gives the file (Content-Disposition), else a fallback. */
export function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  // An ASCII name comes as `filename="…"` alone (quotes inside escaped with a backslash).
  const quoted = /filename="((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  return quoted ? quoted.replace(/\\(.)/g, '$1') : fallback;
}

export function DocumentActions({
  downloadHref,
  name,
  share,
  print = true,
}: {
  /** The download route; `format=pdf|png` is added to its query. */
  downloadHref: string;
  /** The document's name for labels, e.g. "Invoice INV-2026-0012". */
  name: string;
  /** The share form's target and fields; none for a document that cannot be shared here. */
  share?: { target: string; fields?: Record<string, string | number> };
  print?: boolean;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [preparing, setPreparing] = useState<Format | null>(null);
  const [failed, setFailed] = useState<Format | null>(() => {
    const format = searchParams.get('download_failed');
    return format === 'pdf' || format === 'png' ? format : null;
  });
  const href = (format: Format) => `${downloadHref}${downloadHref.includes('?') ? '&' : '?'}format=${format}`;

  async function download(event: MouseEvent<HTMLAnchorElement>, format: Format) {
    event.preventDefault();
    if (preparing) return;
    setPreparing(format);
    setFailed(null);
    try {
      const response = await fetch(href(format), { credentials: 'same-origin' });
      const type = response.headers.get('Content-Type') ?? '';
      if (
        !response.ok ||
        response.redirected ||
        !type.startsWith(format === 'pdf' ? 'application/pdf' : 'image/png')
      ) {
        throw new Error(`download answered ${response.status}`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = filenameOf(response, `${name}.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setFailed(format);
    } finally {
      setPreparing(null);
    }
  }

  return (
    <Stack gap={1.5} className="no-print">
      <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
        {FORMATS.map((format) => (
          <Button
            key={format}
            component="a"
            href={href(format)}
            download
            variant="outlined"
            loading={preparing === format}
            loadingPosition="start"
            startDecorator={
              format === 'pdf' ? (
                <IconFileTypePdf aria-hidden size={18} />
              ) : (
                <IconPhoto aria-hidden size={18} />
              )
            }
            aria-label={t(`documents.download.${format}Label`, { name })}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => void download(event, format)}
          >
            {t(`documents.download.${format}`)}
          </Button>
        ))}
        {share && <ShareForm target={share.target} name={name} fields={share.fields} size="md" />}
        {print && <PrintButton />}
      </Stack>
      <div role="status" aria-live="polite">
        {preparing && <Text level="body-sm">{t(`documents.download.preparing.${preparing}`)}</Text>}
      </div>
      {failed && (
        <Alert color="danger" role="alert">
          {t(`documents.download.failed.${failed}`)}
        </Alert>
      )}
    </Stack>
  );
}
