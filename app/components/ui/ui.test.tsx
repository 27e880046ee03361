// The UI layer's plain elements: the element and classes each renders (app/styles/ui.css draws them), and
// that none of them asks Emotion for styles.
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { Alert, Card, Grid, Sheet, Stack, Text, TextLink } from '.';

const css = readFileSync(new URL('../../styles/ui.css', import.meta.url), 'utf8');

function inRouter(element: JSX.Element): string {
  return renderToString(<StaticRouter location="/">{element}</StaticRouter>);
}

/** Every class the HTML uses that starts with `ui-`. */
function uiClasses(html: string): string[] {
  return [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) =>
    (match[1] ?? '').split(' ').filter((name) => name.startsWith('ui-')),
  );
}

describe('UI layer', () => {
  it('draws a responsive stack with gap and alignment from breakpoint classes', () => {
    const html = renderToString(
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        gap={1.5}
        alignItems={{ sm: 'center' }}
        component="section"
      >
        x
      </Stack>,
    );
    expect(html).toBe(
      '<section class="ui-stack ui-dir-column ui-sm-dir-row ui-gap-1_5 ui-sm-ai-center">x</section>',
    );
  });

  it('gives text its level’s element, and a span inside other text', () => {
    const html = renderToString(
      <Text level="body-sm" textColor="text.tertiary">
        a <Text fontWeight="lg">b</Text>
      </Text>,
    );
    expect(html).toMatch(
      /^<p class="ui-text ui-text-body-sm ui-text-tertiary">a <span class="ui-text ui-text-body-md ui-fw-lg">b<\/span><\/p>$/,
    );
    expect(renderToString(<Text level="h2">t</Text>)).toContain('<h2 class="ui-text ui-text-h2">');
    expect(renderToString(<Text level="body-xs">t</Text>)).toContain('<span ');
  });

  it('keeps the alert role of Joy’s Alert unless told otherwise', () => {
    expect(renderToString(<Alert color="danger">No</Alert>)).toContain('role="alert"');
    expect(renderToString(<Alert role="status">Saved</Alert>)).toContain('role="status"');
  });

  it('links to routes through Remix and to addresses as plain anchors', () => {
    const html = inRouter(
      <>
        <TextLink to="/apps/loans">Loans</TextLink>
        <TextLink href="mailto:a@example.com" level="body-sm">
          Mail
        </TextLink>
      </>,
    );
    expect(html).toContain('href="/apps/loans"');
    expect(html).toMatch(
      /<a class="ui-link ui-text-body-sm-size ui-link-underline-hover" href="mailto:a@example.com">Mail<\/a>|<a href="mailto:a@example.com" class="ui-link ui-text-body-sm-size ui-link-underline-hover">Mail<\/a>/,
    );
  });

  it('asks Emotion for nothing: no style element and no css- class', () => {
    const html = inRouter(
      <Card variant="soft">
        <Grid container spacing={2}>
          <Grid xs={12} md={6}>
            <Sheet variant="outlined">
              <Text level="h1">t</Text>
            </Sheet>
          </Grid>
        </Grid>
        <Alert color="warning" endDecorator={<span>e</span>}>
          w
        </Alert>
      </Card>,
    );
    expect(html).not.toContain('<style');
    expect(html).not.toMatch(/class="[^"]*css-/);
  });

  it('has a rule in ui.css for every class the pieces render', () => {
    const html = inRouter(
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} justifyContent="space-between" flexWrap="wrap">
        <Card size="sm" orientation="horizontal">
          <Grid container spacing={3}>
            <Grid xs={12} sm={6} lg={4}>
              <Text
                level="title-lg"
                color="danger"
                fontSize="xl3"
                noWrap
                textAlign="center"
                startDecorator="*"
              >
                t
              </Text>
            </Grid>
          </Grid>
        </Card>
        <Sheet variant="soft" color="primary">
          <Alert color="success" size="sm">
            s
          </Alert>
        </Sheet>
        <TextLink to="/" color="neutral" underline="always" fontWeight="lg">
          l
        </TextLink>
      </Stack>,
    );
    const missing = [...new Set(uiClasses(html))].filter((name) => !css.includes(`.${name}`));
    expect(missing).toEqual([]);
  });
});
