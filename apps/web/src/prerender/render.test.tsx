import { describe, expect, it } from 'vitest';
import enLanding from '../i18n/en/landing.json';
import { withLandingTextsOnly } from '../test/landing-texts-only';
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

  it('holds the whole pricing section: the three plans, their monthly prices and Most Popular', async () => {
    const html = await renderLanding();
    for (const plan of ['data-plan="basic"', 'data-plan="pro"', 'data-plan="advanced"']) expect(html).toContain(plan);
    expect(html).toMatch(/data-testid="plan-price">\$(<!-- -->)?\d+/);
    expect(html).toContain('Most Popular');
    // Which claim is true (a trial, or every feature free) depends on the server: the HTML makes neither.
    expect(html).not.toContain('Start with a 7-day free trial');
    expect(html).not.toContain('Every feature is free on this server');
    // Whole, in place: no part sent apart to be moved by a script (the Content-Security-Policy allows none inline).
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<template');
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

describe('renderLanding with the texts a first visit loads', () => {
  it('needs no text beyond the landing part', async () => {
    const html = await withLandingTextsOnly(renderLanding);
    expect(html).toContain('Clipboard Anywhere, Instantly');
  });

  it('fails, naming the key, when the page asks for a text that is not loaded', async () => {
    const { hero: _hero, ...withoutHero } = enLanding;
    await expect(withLandingTextsOnly(renderLanding, withoutHero)).rejects.toThrow(/does not load: .*hero\.title/);
  });
});
