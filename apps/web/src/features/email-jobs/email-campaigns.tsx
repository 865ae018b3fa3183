import { useState } from 'react'
import { Alert, Stack, Text } from '@mantine/core'
import { JOB_MESSAGES } from '@presently/domain'
import { JobCard, type JobResult } from './job-card'

/**
 * The Email Campaigns tab of the Tools page (spec account-area §2): both scheduled jobs and one
 * results panel headed "Success!" or "Error" for the last action.
 */
export function EmailCampaigns() {
  const [result, setResult] = useState<JobResult | null>(null)
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Scheduled emails go to confirmed users who have not unsubscribed, at most once per user and schedule period.
        Times are UK time.
      </Text>
      {result && (
        <Alert
          color={result.ok ? 'green' : 'red'}
          title={result.ok ? JOB_MESSAGES.successTitle : JOB_MESSAGES.errorTitle}
          withCloseButton
          onClose={() => setResult(null)}
          role={result.ok ? 'status' : 'alert'}
          data-testid="job-result"
        >
          <Text size="sm">{result.message}</Text>
          {result.details && (
            <Text size="xs" c="dimmed" mt={4}>
              {result.details}
            </Text>
          )}
        </Alert>
      )}
      <JobCard job="upcoming-events" onResult={setResult} />
      <JobCard job="profile-completion" onResult={setResult} />
    </Stack>
  )
}
