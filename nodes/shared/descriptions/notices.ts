/**
 * What the panel says before anything runs: notices for what needs a PRO center, and the hints under
 * period fields (window sizes, freshest day, the date format). Texts shared by several operations live
 * here, in one place.
 */
import type { INodeProperties } from 'n8n-workflow';

type Display = INodeProperties['displayOptions'];

export const PRO_NOTICES = {
	receipts:
		'Receipt export needs a PRO center. A Basic center answers plan_required (the node says so before any request once it knows the plan).',
	anomalies:
		'Anomalies need a PRO center. A Basic center answers plan_required (the node says so before any request once it knows the plan).',
	detailedAttendance:
		'Attendance by hour, by counting zone or by shop needs a PRO center; a Basic center answers plan_required.',
	turnover:
		'The calculated turnover column (turnover) comes only from PRO centers; Basic rows have the other fields.',
	monthlyPro:
		'average_check_sum (kopecks per receipt), revenue_per_area (kopecks per unit of area_size) and ocr come only from PRO centers; Basic rows have the other fields. Add Ruble Amounts gives the first two _rub columns too.',
} as const;

/** A notice box in the panel (n8n's "notice" field: text only, nothing is stored). */
export function notice(name: string, text: string, displayOptions?: Display): INodeProperties {
	return { displayName: text, name, type: 'notice', default: '', displayOptions };
}

/** How to say a relative day: every date field's hint ends with it (n8n's $today, in the workflow's zone). */
export const YESTERDAY_HINT =
	'Yesterday as an expression: {{ $today.minus({days: 1}).toISODate() }}';

/** Hints under period fields. */
export const PERIOD_HINTS = {
	start: "YYYY-MM-DD (e.g. 2025-11-23), a day in the center's time zone",
	dailyEnd:
		'YYYY-MM-DD. Data reaches yesterday on Basic, today on PRO; any length is read in windows of 31 days (Basic) or 366 days (PRO)',
	monthlyEnd:
		'YYYY-MM-DD; whole months are returned. Windows of 3 months (Basic) or 12 months (PRO)',
	attendanceEnd:
		'YYYY-MM-DD. Data reaches yesterday on Basic, today on PRO; by hour at most 31 days a request',
	receiptsEnd: 'YYYY-MM-DD, up to today; any length is read in 30-day windows',
	anomaliesEnd: 'YYYY-MM-DD, up to today; any length is read in 366-day windows',
} as const;
