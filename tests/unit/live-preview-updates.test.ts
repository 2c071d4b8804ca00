import { describe, expect, it } from 'vitest';
import { PREVIEW_UPDATED_MESSAGE, previewUpdateTarget } from '../../src/client-components/live-preview-updates.tsx';

// Which messages from Statamic's Live Preview change the framed preview, and to what: only a preview
// route of this site, with the message's token.

const HERE = 'https://www.architectenregister.nl/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0?token=first';
const PATH = '/cms-preview/pages/d8334c4e-0eec-54c4-abfa-d9492a9880b0';

describe('a Live Preview update message', () => {
  it('leads to the preview it names, with its token, on this page origin', () => {
    expect(
      previewUpdateTarget(
        {
          name: PREVIEW_UPDATED_MESSAGE,
          url: `https://www.architectenregister.nl${PATH}?token=second&live-preview=abc`,
        },
        HERE,
      ),
    ).toBe(`https://www.architectenregister.nl${PATH}?token=second`);
    // The target's configured host may differ from the address the page was opened at.
    expect(
      previewUpdateTarget(
        { name: PREVIEW_UPDATED_MESSAGE, url: `https://public.example.nl/en${PATH}?token=second` },
        HERE,
      ),
    ).toBe(`https://www.architectenregister.nl/en${PATH}?token=second`);
    // Statamic 6 sends the token beside the URL as well; a relative URL is this site's.
    expect(
      previewUpdateTarget({ name: PREVIEW_UPDATED_MESSAGE, url: PATH, token: 'third', reference: 'entry::x' }, HERE),
    ).toBe(`https://www.architectenregister.nl${PATH}?token=third`);
  });

  it.each([
    ['another message', { name: 'statamic.preview.focused', url: `${PATH}?token=x` }],
    ['a string', 'statamic.preview.updated'],
    ['no URL', { name: PREVIEW_UPDATED_MESSAGE, token: 'x' }],
    ['no token', { name: PREVIEW_UPDATED_MESSAGE, url: PATH }],
    ['a page that is not a preview', { name: PREVIEW_UPDATED_MESSAGE, url: '/over-ons?token=x' }],
    [
      'a preview of an unknown collection',
      { name: PREVIEW_UPDATED_MESSAGE, url: '/cms-preview/users/d8334c4e-0eec-54c4-abfa-d9492a9880b0?token=x' },
    ],
    ['a malformed id', { name: PREVIEW_UPDATED_MESSAGE, url: '/cms-preview/pages/..%2f..?token=x' }],
    ['a URL that does not parse', { name: PREVIEW_UPDATED_MESSAGE, url: 'http://[::1' }],
  ])('changes nothing when it is %s', (_, data) => {
    expect(previewUpdateTarget(data, HERE)).toBeNull();
  });
});
