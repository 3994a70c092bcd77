// Issue 19: each role lands on the screen it is there for (ops on pledge-rate history,
// broker on broker, viewer on positions), not on Trade.
import { expect, test } from './fixtures';
import { createRoleUser, signInAs, type RoleUser } from './support/roles';

const users: { user: RoleUser; screen: string; path: string }[] = [
  { user: { name: 'lena-ops', password: 'lena-ops-pass', role: 'ops', accounts: ['main'] }, screen: 'Ops', path: '/ops' },
  { user: { name: 'lars-broker', password: 'lars-broker-pass', role: 'broker', accounts: ['broker'] }, screen: 'Broker', path: '/broker' },
  { user: { name: 'lou-viewer', password: 'lou-viewer-pass', role: 'viewer', accounts: ['main'] }, screen: 'Positions', path: '/positions' },
];

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  for (const { user } of users) await createRoleUser(user);
});

for (const { user, screen, path } of users) {
  test(`a ${user.role} who opens the desk lands on ${screen}`, async ({ page }) => {
    await signInAs(page, user, '/');
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: screen })).toHaveAttribute('aria-current', 'page');
  });
}
