// The app's buttons carry the native `disabled` attribute in the server's HTML, so that a page used
// without JavaScript cannot submit what a disabled button would.
import JoyButton from '@mui/joy/Button';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, IconButton } from './button';

/** The opening tag of the first <button> or <a> in the server's HTML (Emotion's styles come first). */
function rootTag(html: string): string {
  const match = html.match(/<(button|a)\b[^>]*>/);
  if (!match) throw new Error(`no button in ${html}`);
  return match[0];
}

describe('Button and IconButton rendered on the server', () => {
  it('leave the attribute out with Joy’s own button (why this module exists)', () => {
    expect(
      rootTag(
        renderToString(
          <JoyButton type="submit" disabled>
            Send
          </JoyButton>,
        ),
      ),
    ).not.toContain('disabled=""');
  });

  it('put disabled="" on a disabled button and icon button', () => {
    expect(
      rootTag(
        renderToString(
          <Button type="submit" disabled>
            Send
          </Button>,
        ),
      ),
    ).toContain('disabled=""');
    expect(
      rootTag(
        renderToString(
          <IconButton type="submit" disabled aria-label="More">
            +
          </IconButton>,
        ),
      ),
    ).toContain('disabled=""');
  });

  it('leave it out when the button is enabled', () => {
    expect(rootTag(renderToString(<Button type="submit">Send</Button>))).not.toContain('disabled');
    expect(rootTag(renderToString(<Button disabled={false}>Send</Button>))).not.toContain('disabled');
  });

  it('keep the root slot props they are given, as an object or a function', () => {
    const fromObject = rootTag(
      renderToString(
        <Button disabled slotProps={{ root: { title: 'Out of stock' } }}>
          Add
        </Button>,
      ),
    );
    expect(fromObject).toContain('disabled=""');
    expect(fromObject).toContain('title="Out of stock"');
    const fromFunction = rootTag(
      renderToString(
        <IconButton disabled aria-label="Less" slotProps={{ root: () => ({ title: 'At least one' }) }}>
          -
        </IconButton>,
      ),
    );
    expect(fromFunction).toContain('disabled=""');
    expect(fromFunction).toContain('title="At least one"');
  });

  it('give no disabled attribute to a link shown as a button', () => {
    const tag = rootTag(
      renderToString(
        <Button component="a" href="?page=0" disabled>
          Previous
        </Button>,
      ),
    );
    expect(tag).toMatch(/^<a\b/);
    expect(tag).not.toContain('disabled=""');
  });
});
