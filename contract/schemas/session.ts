// GET /auth/me (interfaces: the proxy's session surface for the browser).
// TODO(lead): move to contract/schemas/session.ts so the proxy answers with the same schema.
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
