import { describe, expect, test } from 'vitest';
import { shareFromRequest, shareSenderOf } from './share-source';

const app = 'https://clipsync.example';

describe('where a share came from', () => {
  test("the posting page's origin, from its Origin header, else its referrer; never its full address", () => {
    expect(shareFromRequest('https://news.example', 'https://news.example/story?token=secret')).toBe(
      'https://news.example',
    );
    expect(shareFromRequest(null, 'https://news.example/story?token=secret')).toBe('https://news.example');
    expect(shareFromRequest('http://127.0.0.1:8080', '')).toBe('http://127.0.0.1:8080');
  });

  test('no site is named when the browser sends neither (a share sheet, or a page with no-referrer)', () => {
    expect(shareFromRequest(null, '')).toBeNull();
    // A page whose Referrer-Policy is no-referrer posts with `Origin: null` and no referrer.
    expect(shareFromRequest('null', '')).toBeNull();
    expect(shareFromRequest('not an address', 'data:text/html,<form>')).toBeNull();
  });

  test('another site is marked as such; this site, no site and an unrecorded sender each have their own label', () => {
    expect(shareSenderOf('https://news.example', app)).toEqual({ kind: 'other-site', origin: 'https://news.example' });
    // Another port or scheme of the same host is another origin, which may be another program.
    expect(shareSenderOf('http://clipsync.example', app)).toEqual({
      kind: 'other-site',
      origin: 'http://clipsync.example',
    });
    expect(shareSenderOf(app, app)).toEqual({ kind: 'this-site' });
    expect(shareSenderOf(null, app)).toEqual({ kind: 'no-site' });
    expect(shareSenderOf(undefined, app)).toEqual({ kind: 'not-recorded' });
  });
});
