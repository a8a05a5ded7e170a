import { describe, expect, test } from 'vitest';
import { loggableUrl } from './loggable-url';

describe('a URL as the access log keeps it', () => {
  test.each([
    ['/api/auth/confirm-email?token=secret', '/api/auth/confirm-email'],
    ['/rooms/join/Zm9vYmFyYmF6cXV4', '/rooms/join/…'],
    ['/rooms/invite/Zm9vYmFyYmF6cXV4', '/rooms/invite/…'],
    ['/desktop/shared/Zm9vYmFyYmF6cXV4?x=1', '/desktop/shared/…'],
    ['/api/virtual-desktop/shared/Zm9vYmFyYmF6cXV4', '/api/virtual-desktop/shared/…'],
    ['/api/virtual-desktop/shared/Zm9vYmFyYmF6cXV4/items', '/api/virtual-desktop/shared/…/items'],
    ['/api/share-claims/Zm9vYmFyYmF6cXV4/claim', '/api/share-claims/…/claim'],
    // A public room opens to any signed-in user who has its id: the id is a link.
    ['/api/rooms/0b7d1c2e/content', '/api/rooms/…/content'],
    ['/api/clipboard/0b7d1c2e/open', '/api/clipboard/…/open'],
    ['/api/files/0b7d1c2e/invoice.pdf', '/api/files/…'],
    // An id that opens nothing without its account stays, to follow a request by.
    ['/api/devices/0b7d1c2e', '/api/devices/0b7d1c2e'],
    ['/rooms/join', '/rooms/join'],
  ])('%s → %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
