import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { appTextsLoaded } from '../i18n';

// Components under test meet every page's texts, which the app loads with the router's pages.
await appTextsLoaded();

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no window focus and answers false; a page under test is the tab the user is in, as a browser's
// focused tab answers (a test of a tab in the background says so itself).
document.hasFocus = () => true;
