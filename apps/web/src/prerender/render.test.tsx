import { describe, expect, it } from 'vitest';
import { renderLanding } from './render';

// The build's prerender: the page a signed-out English visitor gets. The build runs it in plain Node; here
// jsdom's globals are in place, which its stand-ins must replace for the render and give back after it.
describe('renderLanding', () => {
  it("renders the landing page's texts signed out, in its wrapper", async () => {
    const html = await renderLanding();
    expect(html.startsWith('<div data-prerendered>')).toBe(true);
    expect(html).toContain('Clipboard Anywhere, Instantly');
    expect(html).toContain('href="/auth?mode=login"');
    expect(html).toContain('href="/auth?mode=register"');
    expect(html).toContain('Get Started');
    expect(html).not.toContain('Go to Dashboard');
    expect(html).toContain('id="main"');
  });

  it('gives the globals it stood in for back', async () => {
    const before = [globalThis.window, globalThis.localStorage, globalThis.navigator, globalThis.document];
    localStorage.setItem('user', '{}');
    localStorage.setItem('session', '{}');
    // A stored session here must not reach the render: it stands for a first visit.
    expect(await renderLanding()).not.toContain('Go to Dashboard');
    expect([globalThis.window, globalThis.localStorage, globalThis.navigator, globalThis.document]).toEqual(before);
  });
});
