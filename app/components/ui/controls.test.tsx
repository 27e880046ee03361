// The UI layer's controls: native elements in the server's HTML, wired as Joy's were (ids, required,
// disabled), drawn by ui.css, and without any Emotion work.
import { Link } from '@remix-run/react';
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, FormControl, FormHelperText, FormLabel, IconButton, Input, Table, Textarea } from '.';

const css = readFileSync(new URL('../../styles/ui.css', import.meta.url), 'utf8');

function inRouter(element: JSX.Element): string {
  return renderToString(<StaticRouter location="/">{element}</StaticRouter>);
}

/** The opening tag of the first element named `tag`. */
function tagOf(html: string, tag: string): string {
  const match = html.match(new RegExp(`<${tag}\\b[^>]*>`));
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  return match[0];
}

describe('Button and IconButton', () => {
  it('put the native disabled attribute on a disabled button, so that it cannot submit without JavaScript', () => {
    expect(
      tagOf(
        renderToString(
          <Button type="submit" disabled>
            Send
          </Button>,
        ),
        'button',
      ),
    ).toContain('disabled=""');
    expect(
      tagOf(
        renderToString(
          <IconButton type="submit" disabled aria-label="More">
            +
          </IconButton>,
        ),
        'button',
      ),
    ).toContain('disabled=""');
    expect(tagOf(renderToString(<Button type="submit">Send</Button>), 'button')).not.toContain('disabled');
    expect(tagOf(renderToString(<Button disabled={false}>Send</Button>), 'button')).not.toContain('disabled');
  });

  it('are busy and disabled while loading, the label kept under the spinner', () => {
    const html = renderToString(
      <Button type="submit" loading>
        Send
      </Button>,
    );
    expect(tagOf(html, 'button')).toContain('disabled=""');
    expect(tagOf(html, 'button')).toContain('aria-busy="true"');
    expect(html).toContain('Send');
    expect(html).toContain('ui-spinner');
    const start = renderToString(
      <Button loading loadingPosition="start" startDecorator={<b>icon</b>}>
        Send
      </Button>,
    );
    expect(start).not.toContain('icon');
    expect(start).not.toContain('ui-button-loading');
  });

  it('render as a Remix link, given as a component, with its variant, colour and size', () => {
    const html = inRouter(
      <Button component={Link} to="/apps/loans" variant="outlined" color="neutral" size="sm">
        Loans
      </Button>,
    );
    expect(tagOf(html, 'a')).toContain('href="/apps/loans"');
    expect(tagOf(html, 'a')).toContain('class="ui-button ui-button-sm ui-variant-outlined ui-color-neutral"');
    const off = inRouter(
      <Button component="a" href="/x" disabled>
        X
      </Button>,
    );
    expect(tagOf(off, 'a')).toContain('aria-disabled="true"');
    expect(tagOf(off, 'a')).toContain('tabindex="-1"');
  });

  it('keep the decorators on either side of the label', () => {
    const html = renderToString(
      <Button startDecorator={<i>s</i>} endDecorator={<i>e</i>}>
        Label
      </Button>,
    );
    expect(html).toMatch(/<span class="ui-button-start"><i>s<\/i><\/span>Label<span class="ui-button-end">/);
  });
});

describe('FormControl and its fields', () => {
  it('tie the label to the input, mark it required and show the asterisk', () => {
    const html = renderToString(
      <FormControl required>
        <FormLabel>Name</FormLabel>
        <Input />
        <FormHelperText>As on your passport</FormHelperText>
      </FormControl>,
    );
    const id = tagOf(html, 'input').match(/id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(tagOf(html, 'label')).toContain(`for="${id}"`);
    expect(tagOf(html, 'input')).toContain('required=""');
    expect(html).toContain('aria-hidden="true" class="ui-form-label-asterisk"');
  });

  it('keep the ids and attributes a screen gives the input and the text area', () => {
    const html = renderToString(
      <FormControl error size="sm">
        <FormLabel htmlFor="q">Search</FormLabel>
        <Input slotProps={{ input: { id: 'q', name: 'q', type: 'search', defaultValue: 'SO-1' } }} />
        <Textarea minRows={3} slotProps={{ textarea: { id: 'note', name: 'note', maxLength: 20 } }} />
      </FormControl>,
    );
    expect(tagOf(html, 'label')).toContain('for="q"');
    expect(tagOf(html, 'input')).toMatch(/id="q".*name="q".*type="search".*value="SO-1"/);
    expect(html).toContain('class="ui-input ui-input-sm ui-color-danger"');
    for (const attribute of ['rows="3"', 'id="note"', 'name="note"', 'maxLength="20"'])
      expect(tagOf(html, 'textarea')).toContain(attribute);
  });
});

describe('Table', () => {
  it('is a plain table with the classes of its options', () => {
    const html = renderToString(
      <Table stripe="odd" hoverRow size="sm" style={{ minWidth: 600 }}>
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </Table>,
    );
    expect(tagOf(html, 'table')).toContain('class="ui-table ui-table-sm ui-table-stripe-odd ui-table-hover"');
    expect(tagOf(html, 'table')).toContain('min-width:600px');
  });
});

describe('the controls', () => {
  const all = inRouter(
    <>
      <Button variant="soft" color="danger" size="lg" fullWidth loading>
        a
      </Button>
      <Button component={Link} to="/" variant="plain" color="success" disabled>
        b
      </Button>
      <IconButton size="sm" variant="solid" color="warning" loading aria-label="c">
        c
      </IconButton>
      <FormControl size="lg" error disabled required>
        <FormLabel>d</FormLabel>
        <Input size="lg" startDecorator="e" endDecorator="f" />
        <Textarea size="sm" />
        <FormHelperText>g</FormHelperText>
      </FormControl>
      <Table variant="outlined" borderAxis="bothBetween" stripe="even" />
    </>,
  );

  it('ask Emotion for nothing: no style element and no css- class', () => {
    expect(all).not.toContain('<style');
    expect(all).not.toMatch(/class="[^"]*css-/);
  });

  it('have a rule in ui.css for every class they render', () => {
    const classes = [...all.matchAll(/class="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? '').split(' ').filter((name) => name.startsWith('ui-')),
    );
    expect([...new Set(classes)].filter((name) => !css.includes(`.${name}`))).toEqual([]);
  });
});
