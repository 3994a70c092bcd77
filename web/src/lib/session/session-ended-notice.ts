// Why the desk ended this browser's session, when /auth/me says so (DESK401S: signed in
// elsewhere, user removed, role changed, expired). The login screen shows it, so a page
// that drops to the login form never leaves the user guessing.
import { createStore } from 'zustand/vanilla';

export const sessionEndedNotice = createStore<{ message: string | null }>()(() => ({ message: null }));
