import { emailInput, ROLES, type Role } from '@presently/domain'

export interface UserRolesArgs {
  action: 'grant' | 'revoke'
  role: Role
  email: string
}

/**
 * Parses `grant|revoke staff|admin <email>`.
 * @returns the arguments, 'help' for -h/--help, or {error} with a message.
 */
export function parseUserRolesArgs(argv: readonly string[]): UserRolesArgs | 'help' | { error: string } {
  if (argv.includes('-h') || argv.includes('--help')) return 'help'
  const [action, role, email, ...rest] = argv
  if (action !== 'grant' && action !== 'revoke')
    return { error: `the first argument must be grant or revoke, not ${action ?? 'nothing'}` }
  if (!ROLES.includes(role as Role)) return { error: `the role must be staff or admin, not ${role ?? 'nothing'}` }
  if (rest.length > 0) return { error: `unexpected argument ${rest[0]}` }
  const parsed = emailInput.safeParse(email ?? '')
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'invalid email' }
  return { action, role: role as Role, email: parsed.data }
}
