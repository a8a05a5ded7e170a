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
});
