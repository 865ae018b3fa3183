/*
 * @mantine/dates' one stylesheet (30 KB raw, all its components), imported by the modules that
 * render a dates component (the events calendar and the Add Event date box), so it ships in their
 * lazy chunk rather than in the entry CSS of mantine-styles.ts, and always after the core styles
 * it builds on. mantine-styles.test.ts checks that the core components the dates components use
 * have their stylesheets in mantine-styles.ts.
 */
import '@mantine/dates/styles.css'
