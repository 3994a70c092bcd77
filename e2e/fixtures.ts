// `test` for browser tests: the base URL of the started stack and the admin session
// saved by global-setup. Read lazily, because test files are loaded before setup runs.
import { test as base } from '@playwright/test';
import { adminStorageState, readStackInfo } from './stack-info';

// Playwright requires fixture functions to destructure their first argument, even when empty.
/* eslint-disable no-empty-pattern */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(readStackInfo().baseURL);
  },
  storageState: async ({}, use) => {
    await use(adminStorageState);
  },
});
/* eslint-enable no-empty-pattern */

export { expect } from '@playwright/test';
