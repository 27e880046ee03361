// The error page as the server renders it: a back office that is down reaches the reader as "service
// unavailable" with the message the server wrote in their language, not as "something went wrong".
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18nFor } from '~/services/i18n.server';
import { GeneralErrorBoundary } from './error-boundary';

let routeError: unknown;
vi.mock('@remix-run/react', async (original) => ({
  ...(await original<typeof import('@remix-run/react')>()),
  useRouteError: () => routeError,
  Link: ({ children }: { children: unknown }) => children,
}));

/** An error response as Remix hands a thrown Response to the boundary. */
function errorResponse(status: number, data: unknown) {
  return { status, statusText: '', data, internal: false };
}

async function render(language: 'en' | 'fr') {
  const i18n = await i18nFor(language);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <GeneralErrorBoundary />
    </I18nextProvider>,
  );
}

describe('GeneralErrorBoundary', () => {
  it('shows a 503 as the service being unavailable, with the server’s message', async () => {
    routeError = errorResponse(
      503,
      'Le service est momentanément inaccessible. Veuillez réessayer dans un instant.',
    );
    const html = await render('fr');
    expect(html).toContain('Service indisponible');
    expect(html).toContain('Le service est momentanément inaccessible. Veuillez réessayer dans un instant.');
    expect(html).not.toContain('Une erreur s’est produite');
  });

  it('shows a 400 as a form that could not be read, whatever the body says', async () => {
    routeError = errorResponse(400, 'Bad request');
    const html = await render('fr');
    expect(html).toContain('Ce formulaire n’a pas pu être lu');
    expect(html).not.toContain('Bad request');
  });

  it('still says "something went wrong" for a 500', async () => {
    routeError = errorResponse(500, 'Unexpected Server Error');
    const html = await render('en');
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('Unexpected Server Error');
  });
});
