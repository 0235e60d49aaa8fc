// The headers every response of the site gets (`/*` of `_headers`, headers.ts), in a module of
// their own that imports nothing: the site's Pages Functions (functions/, the editor's GitHub
// login on Cloudflare Pages) send them too, since a host applies `_headers` to static files only.

/** Headers every response gets (`/*`). */
export const COMMON_HEADERS: [string, string][] = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  [
    'Permissions-Policy',
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
]
