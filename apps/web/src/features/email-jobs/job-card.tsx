import { useState } from 'react'
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { JOB_MESSAGES, type JobNameInput } from '@presently/domain'
import { apiErrorMessage } from '../../lib/api-errors'
import { useTRPC } from '../../lib/trpc'
import { CUSTOM_SCHEDULE, formatNextRun, SCHEDULE_CHOICES, scheduleLabel, scheduleToSave } from './schedule-options'

/** What the results panel shows: "Success!" or "Error" with the message (spec account-area §2, §8). */
export interface JobResult {
  ok: boolean
  message: string
  details?: string
}

const JOB_TITLES: Record<JobNameInput, { title: string; description: string; loadFailed: string }> = {
  'upcoming-events': {
    title: 'Upcoming events',
    description: 'Reminds users of their people’s occasions in the coming period, with a Find Gift link for each.',
    loadFailed: JOB_MESSAGES.loadStatusFailed,
  },
  'profile-completion': {
    title: 'Profile completion',
    description: 'Asks users to complete the profiles of people below the Gold tier.',
    loadFailed: JOB_MESSAGES.loadProfileStatusFailed,
  },
}

/**
 * One campaign job of the Email Manager (spec account-area §2 Tools): status, schedule, next run
 * and frequency; start, stop, run now, change schedule, preview in a new tab, send a test email.
 * Every answer lands in `onResult` (the page's "Success!"/"Error" panel).
 */
export function JobCard({ job, onResult }: { job: JobNameInput; onResult: (result: JobResult) => void }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const names = JOB_TITLES[job]
  const status = useQuery(trpc.jobs.status.queryOptions({ job }))
  const [choice, setChoice] = useState<string | null>(null)
  const [custom, setCustom] = useState('')
  const [scheduleError, setScheduleError] = useState<string | null>(null)
  const [testEmail, setTestEmail] = useState('')
  const [testEmailError, setTestEmailError] = useState<string | null>(null)

  const refresh = async () => {
    try {
      await queryClient.fetchQuery({ ...trpc.jobs.status.queryOptions({ job }), staleTime: 0 })
    } catch {
      onResult({ ok: false, message: JOB_MESSAGES.fetchStatusFailed })
    }
  }
  const failed = (fallback: string) => (error: unknown) => {
    const message = apiErrorMessage(error, fallback)
    onResult({ ok: false, message: message === fallback ? fallback : `${fallback}: ${message}` })
  }

  const start = useMutation(
    trpc.jobs.start.mutationOptions({
      onSuccess: (answer) => onResult({ ok: true, message: answer.message }),
      onError: failed(JOB_MESSAGES.startFailed),
      onSettled: refresh,
    }),
  )
  const stop = useMutation(
    trpc.jobs.stop.mutationOptions({
      onSuccess: (answer) => onResult({ ok: true, message: answer.message }),
      onError: failed(JOB_MESSAGES.stopFailed),
      onSettled: refresh,
    }),
  )
  const trigger = useMutation(
    trpc.jobs.trigger.mutationOptions({
      onSuccess: (answer) =>
        onResult({
          ok: answer.success,
          // A zero says why ("No reminders due: 0 events in the window (...)"; issue 26).
          message: answer.reason
            ? `${answer.message}. ${answer.reason}`
            : `${answer.message} (emails sent: ${answer.runResult.stats.emailsSent})`,
          details: answer.details,
        }),
      onError: failed(JOB_MESSAGES.triggerFailed),
      onSettled: refresh,
    }),
  )
  const saveSchedule = useMutation(
    trpc.jobs.setSchedule.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.jobs.status.queryKey({ job }), answer)
        setChoice(null)
        setCustom('')
        onResult({ ok: true, message: `Schedule updated: ${answer.frequencyDescription}` })
      },
      onError: failed(JOB_MESSAGES.updateScheduleFailed),
    }),
  )
  const sendTest = useMutation(
    trpc.jobs.sendTestEmail.mutationOptions({
      onSuccess: (answer) => onResult({ ok: answer.success, message: answer.message }),
      onError: failed(JOB_MESSAGES.testEmailFailed),
    }),
  )

  const submitSchedule = () => {
    const schedule = scheduleToSave(choice, custom)
    if (!schedule) {
      setScheduleError(JOB_MESSAGES.scheduleRequired)
      return
    }
    setScheduleError(null)
    saveSchedule.mutate({ job, schedule })
  }
  const submitTestEmail = () => {
    const email = testEmail.trim()
    if (!email) {
      setTestEmailError(JOB_MESSAGES.emailRequired)
      return
    }
    setTestEmailError(null)
    sendTest.mutate({ job, email })
  }

  const data = status.data
  const headingId = `job-${job}-title`
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`job-${job}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} id={headingId} size="h4">
              {names.title}
            </Title>
            <Text size="sm" c="dimmed">
              {names.description}
            </Text>
          </div>
          {data && (
            // A dot badge: the word in the text colour, the state in the dot. ('green.9' on the light
            // variant painted the word in the colour of its own background.)
            <Badge color={data.isRunning ? 'green.9' : 'gray'} variant="dot" data-testid="job-status">
              {data.isRunning ? 'Active' : 'Inactive'}
            </Badge>
          )}
        </Group>

        {status.isError && !data && (
          <Alert color="red" title="Error">
            {names.loadFailed}
          </Alert>
        )}
        {status.isPending && <Text c="dimmed">Loading…</Text>}
        {data && (
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
            <Text component="dt" fw={600} size="sm">
              Schedule
            </Text>
            <Text component="dd" size="sm" m={0} data-testid="job-schedule">
              {scheduleLabel(data.schedule)} <code>{data.schedule}</code>
            </Text>
            <Text component="dt" fw={600} size="sm">
              Frequency
            </Text>
            <Text component="dd" size="sm" m={0} data-testid="job-frequency">
              {data.frequencyDescription}
            </Text>
            <Text component="dt" fw={600} size="sm">
              Next run
            </Text>
            <Text component="dd" size="sm" m={0} data-testid="job-next-run">
              {formatNextRun(data.nextRun)}
            </Text>
          </dl>
        )}

        <Group gap="sm" wrap="wrap">
          <Button onClick={() => start.mutate({ job })} loading={start.isPending} disabled={!data || data.isRunning}>
            Start
          </Button>
          <Button
            variant="default"
            onClick={() => stop.mutate({ job })}
            loading={stop.isPending}
            disabled={!data?.isRunning}
          >
            Stop
          </Button>
          <Button variant="light" onClick={() => trigger.mutate({ job })} loading={trigger.isPending}>
            Run now
          </Button>
          <Button
            variant="subtle"
            component="a"
            href={`/api/notifications/preview/${job}`}
            target="_blank"
            rel="noopener"
          >
            Preview
          </Button>
        </Group>

        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Change schedule"
            placeholder="Choose a schedule"
            data={SCHEDULE_CHOICES}
            value={choice}
            onChange={(value) => {
              setChoice(value)
              setScheduleError(null)
            }}
            error={choice !== CUSTOM_SCHEDULE ? scheduleError : undefined}
            w={{ base: '100%', sm: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          {choice === CUSTOM_SCHEDULE && (
            <TextInput
              label="Custom cron (minute hour day month weekday)"
              placeholder="0 8 * * 1"
              value={custom}
              onChange={(event) => setCustom(event.currentTarget.value)}
              error={scheduleError}
              w={{ base: '100%', sm: 260 }}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
          )}
          <Button variant="default" onClick={submitSchedule} loading={saveSchedule.isPending}>
            Save schedule
          </Button>
        </Group>

        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Send test email to"
            placeholder="you@example.com"
            type="email"
            value={testEmail}
            onChange={(event) => {
              setTestEmail(event.currentTarget.value)
              setTestEmailError(null)
            }}
            error={testEmailError}
            w={{ base: '100%', sm: 260 }}
          />
          <Button variant="default" onClick={submitTestEmail} loading={sendTest.isPending}>
            Send test email
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
