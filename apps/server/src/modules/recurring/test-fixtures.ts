/** For other modules' tests: the schedule's run on a day the test picks (what the pg-boss job does each day). */
export { runDueFundings } from './schedule.js';
