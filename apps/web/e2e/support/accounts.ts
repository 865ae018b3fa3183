/**
 * The bootstrap admin of the e2e server (ADMIN_EMAIL and ADMIN_PASSWORD in playwright.config.ts):
 * created confirmed, with a password and is_admin, at every start of the server.
 */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'E2e-admin-Passw0rd' } as const
