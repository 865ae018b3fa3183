import { Alert } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { apiErrorCode, apiErrorMessage, isNotFound } from '../../lib/api-errors'
import { PEOPLE_UI } from './messages'

/**
 * A person that could not be shown: "Person not found" for a malformed id, a missing person or
 * another user's (the server answers 404), else "Failed to fetch person: {status} {text}"
 * (spec account-area §2, §8).
 */
export function PersonLoadError({ error }: { error: unknown }) {
  if (error === null || isNotFound(error)) {
    return (
      <Alert
        color="yellow"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        data-testid="person-not-found"
      >
        {PEOPLE_UI.notFound}
      </Alert>
    )
  }
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={PEOPLE_UI.errorTitle}>
      {PEOPLE_UI.fetchPersonFailed(apiErrorCode(error) ?? 'NETWORK_ERROR', apiErrorMessage(error, 'Please try again.'))}
    </Alert>
  )
}
