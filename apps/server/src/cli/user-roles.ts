/**
 * `npm run user -- grant|revoke staff|admin <email>`: grants or revokes a role (spec
 * browsing-and-purchase §6) on the database of DATABASE_URL, or the embedded cluster in DATA_DIR
 * (default <repo root>/.data): the one the running shop serves, or started for this command.
 * Exit code 0 on success, 1 on a usage error, an unknown email or a database error.
 */
import { setRole } from '@presently/api'
import { EmbeddedDatabaseError, openDatabase, runMigrations, type Database } from '@presently/db'
import { AppError } from '@presently/domain'
import { parseEnv } from '../env.ts'
import { parseUserRolesArgs } from './user-roles-args.ts'

const USAGE = `usage: npm run user -- grant|revoke staff|admin <email>

Grants or revokes the staff or admin role of an existing account.
Database: DATABASE_URL, or the embedded database in DATA_DIR (default <repo>/.data).`

async function main(argv: readonly string[]): Promise<number> {
  const args = parseUserRolesArgs(argv)
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  if ('error' in args) {
    console.error(`error: ${args.error}\n\n${USAGE}`)
    return 1
  }
  let database: Database | undefined
  try {
    const env = parseEnv()
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 2 })
    await runMigrations(database.db)
    const user = await setRole(database.db, { email: args.email, role: args.role, granted: args.action === 'grant' })
    console.log(
      `${args.action === 'grant' ? 'granted' : 'revoked'} ${args.role} ${args.action === 'grant' ? 'to' : 'from'} ${user.email} ` +
        `(is_staff: ${user.is_staff}, is_admin: ${user.is_admin})`,
    )
    return 0
  } catch (error) {
    if (error instanceof AppError || error instanceof EmbeddedDatabaseError) console.error(`error: ${error.message}`)
    else console.error(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return 1
  } finally {
    await database?.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
