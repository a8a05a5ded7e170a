import { describe, expect, test } from 'vitest';
import i18n, { changeLanguage } from '.';

describe('changeLanguage', () => {
  test('translates, sets <html lang> and remembers the choice', async () => {
    await changeLanguage('fr');
    expect(i18n.t('hero.title')).toBe('Votre presse-papiers partout, instantanément');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('clipsync.language')).toBe('fr');
    await changeLanguage('en');
    expect(i18n.t('hero.title')).toBe('Clipboard Anywhere, Instantly');
  });

  test('two quick choices end in the second, even when the first loads slower', async () => {
    // German's texts are not loaded yet; English is at hand, so it is shown first.
    const german = changeLanguage('de');
    await changeLanguage('en');
    await german;
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('clipsync.language')).toBe('en');
  });
});
