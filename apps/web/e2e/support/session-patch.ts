import type { Page } from '@playwright/test'

/**
 * Makes the session call answer `hasPassword: false` for the signed-in user, as for an account
 * made with Google (which the e2e server cannot create), so the Set Password form can be seen.
 * Only the browser's view changes: the server still refuses to set a second password.
 */
export async function pretendAccountHasNoPassword(page: Page) {
  await page.route(/\/trpc\/[^?]*auth\.session/, async (route) => {
    // No conditional request: a 304 has no body to patch.
    const headers = { ...route.request().headers() }
    delete headers['if-none-match']
    const response = await route.fetch({ headers })
    const body: unknown = await response.json()
    const entries = Array.isArray(body) ? body : [body]
    for (const entry of entries as { result?: { data?: { user?: { hasPassword?: boolean } | null } } }[]) {
      const user = entry.result?.data?.user
      if (user) user.hasPassword = false
    }
    const { etag: _etag, ...rest } = response.headers()
    await route.fulfill({ status: response.status(), headers: { ...rest, 'cache-control': 'no-store' }, json: body })
  })
}
