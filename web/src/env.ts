// The site's runtime settings, read and checked once. The API is same-origin (`/api`, routed by
// CloudFront and by the twin), so nothing but its base path is configurable today; the realtime
// settings join here when live updates arrive.
import * as z from 'zod/mini';

const envSchema = z.object({
  apiBaseUrl: z._default(
    z
      .string()
      .check(z.regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/i, 'VITE_API_BASE_URL must be a same-origin path such as /api')),
    '/api',
  ),
});

export const env = envSchema.parse({ apiBaseUrl: import.meta.env.VITE_API_BASE_URL || undefined });
