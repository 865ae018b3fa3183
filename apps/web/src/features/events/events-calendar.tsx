import '../../mantine-dates-styles'
import { DatePicker } from '@mantine/dates'
import { useMemo } from 'react'
import { MONTH_NAMES, parseIsoDate, type IsoDate } from '@presently/domain'
import { eventCountsByDay, type ListedEvent } from './event-list'
import classes from './events.module.css'

interface EventsCalendarProps {
  events: readonly ListedEvent[]
  /** The UK's today, "YYYY-MM-DD" (ringed). */
  today: IsoDate
  /** The day filter, or null for none. */
  day: IsoDate | null
  onDayChange: (day: IsoDate | null) => void
  /** The displayed month ("YYYY-MM-01"). */
  month: IsoDate
  onMonthChange: (month: IsoDate) => void
}

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
}

/**
 * The Important Events month calendar (spec account-area §2, @mantine/dates): days with events
 * carry a dot and say how many in their name; a click filters the list to that month and day in
 * any year, a second click on the same day clears it. Weeks start on Monday (UK).
 */
export function EventsCalendar({ events, today, day, onDayChange, month, onMonthChange }: EventsCalendarProps) {
  // The month view shows a few days of the months either side, so the years either side count too.
  const { year } = parseIsoDate(month)
  const counts = useMemo(() => {
    const all = new Map<IsoDate, number>()
    for (const y of [year - 1, year, year + 1]) for (const [d, n] of eventCountsByDay(events, y)) all.set(d, n)
    return all
  }, [events, year])
  const countsOn = (date: IsoDate) => counts.get(date) ?? 0

  return (
    <div className={classes.calendar}>
      <DatePicker
        value={day}
        onChange={(value) => onDayChange(value)}
        allowDeselect
        date={month}
        onDateChange={onMonthChange}
        firstDayOfWeek={1}
        // Mantine greys out other months' days and reds weekends below WCAG AA contrast.
        hideOutsideDates
        weekendDays={[]}
        size="md"
        ariaLabels={ARIA_LABELS}
        getDayAriaLabel={(date) => {
          const { year, month: m, day: d } = parseIsoDate(date)
          const count = countsOn(date)
          const label = `${d} ${MONTH_NAMES[m - 1]} ${year}`
          return count ? `${label}, ${count} ${count === 1 ? 'event' : 'events'}` : label
        }}
        getDayProps={(date) => (date === today ? { className: classes.today } : {})}
        renderDay={(date) => (
          <span className={classes.day}>
            {parseIsoDate(date).day}
            {countsOn(date) > 0 ? <span className={classes.dot} aria-hidden /> : null}
          </span>
        )}
      />
    </div>
  )
}
