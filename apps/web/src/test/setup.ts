import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { appTextsLoaded } from '../i18n';

// Components under test meet every page's texts, which the app loads with the router's pages.
await appTextsLoaded();

// findBy and waitFor give up after 1 s by default: less than a render and a lazy part take on CI's two loaded
// cores. A longer wait only makes a real failure slower to report.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no window focus and answers false; a page under test is the tab the user is in, as a browser's
// focused tab answers (a test of a tab in the background says so itself).
document.hasFocus = () => true;
