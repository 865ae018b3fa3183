import { startTemporaryCluster, type EmbeddedCluster } from '../embedded.ts'
import { createTemplateDatabase, dropTemplateDatabase, TEST_SERVER_ENV, TEST_TEMPLATE_ENV } from './index.ts'

/**
 * Vitest global setup: the run's PostgreSQL server and a migrated template database that every
 * test file copies (createTestDatabase). With DATABASE_URL the server is that one (CI runs the
 * suite on Debian's PostgreSQL too); otherwise one throwaway embedded cluster for the whole run.
 * The URL and template name reach the test workers through the environment.
 */
export default async function setup(): Promise<() => Promise<void>> {
  let cluster: EmbeddedCluster | undefined
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    cluster = await startTemporaryCluster({ max_connections: '300' })
    serverUrl = cluster.url
  }
  const template = await createTemplateDatabase(serverUrl)
  process.env[TEST_SERVER_ENV] = serverUrl
  process.env[TEST_TEMPLATE_ENV] = template
  return async () => {
    await dropTemplateDatabase(serverUrl, template)
    await cluster?.stop()
  }
}
