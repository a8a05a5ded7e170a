import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no window focus and answers false; a page under test is the tab the user is in, as a browser's
// focused tab answers (a test of a tab in the background says so itself).
document.hasFocus = () => true;
