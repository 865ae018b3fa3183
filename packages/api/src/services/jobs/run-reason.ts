import type { JobName } from './schedule.ts'

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const instantFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
  timeZoneName: 'short',
})

/** "26 November 2026" for a calendar date "YYYY-MM-DD" (staff tools speak en-GB; issue 26). */
export function formatDayEnGb(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T12:00:00Z`))
}

/** "23 November 2026 at 00:00 GMT" for an instant, in UK time (issue 26). */
export function formatInstantEnGb(instant: Date): string {
  return instantFormat.format(instant)
}

/**
 * Why a run sent no email, for the Tools page (issue 26: "Run now" said "Sent 0 emails" and no
 * reason); null when it sent any or failed (the failures say why).
 * @param found reminders due today (upcoming-events, the reminder run of issue 21) or profiles
 *   below Gold (profile-completion) among the users checked.
 * @param today UK date of the run ("YYYY-MM-DD").
 */
export function runReason(run: {
  job: JobName
  emailsSent: number
  failed: number
  usersChecked: number
  alreadySent: number
  found: number
  today: string
}): string | null {
  if (run.emailsSent > 0 || run.failed > 0) return null
  if (run.job === 'upcoming-events') {
    if (run.usersChecked === 0) return 'No one to remind: no confirmed, subscribed user has reminders on'
    if (run.alreadySent > 0) {
      return `Already sent: the ${run.alreadySent} reminder${run.alreadySent === 1 ? '' : 's'} due on ${formatDayEnGb(run.today)} went out in an earlier run`
    }
    return `No reminders due: 0 events within their reminder lead times on ${formatDayEnGb(run.today)}`
  }
  if (run.usersChecked === 0) {
    return 'No one left to email: every confirmed, subscribed user was already emailed this period'
  }
  if (run.alreadySent > 0) return `Already sent this period to ${run.alreadySent} of them`
  return `No reminders due: ${run.found} profile${run.found === 1 ? '' : 's'} below Gold`
}
