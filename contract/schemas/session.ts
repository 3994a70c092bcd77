// The proxy's session surface for the browser: GET /auth/me and POST /auth/login.
import { z } from 'zod';

export const meSchema = z.object({
  user: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  accounts: z.array(z.object({ name: z.string(), uid: z.union([z.string(), z.number()]).transform(String) })),
  defaultAccount: z.string().nullable().optional(),
  csrfToken: z.string(),
});

export type Me = z.infer<typeof meSchema>;

export const loginRequest = z.strictObject({
  username: z.string().min(1, 'is required').max(64, 'must be at most 64 characters'),
  password: z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters'),
});
