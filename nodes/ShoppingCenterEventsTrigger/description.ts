/**
 * The trigger's fields, built from the events table (events.ts): Event, each event's notice of what a
 * read and a day cost, the Cost Estimate of these settings (costEstimate.ts), Centers, Lookback (one
 * definition, its default, bounds and texts from the event's row), the event's own fields, Day Budget Share, Read Quiet Shops / Centers at Least Every
 * and On First Poll.
 */
import type { INodeProperties } from 'n8n-workflow';
import { PLAN_RULES } from '../shared/plan';
import { QUIET_WAIT_MINUTES } from './config';
import { ALL_CENTERS } from './costText';
import { DEFAULT_SHARE, EVENT_NAMES, EVENTS, type TriggerEvent } from './events';
import { POLL_TIMES_PATHS } from './pollRate';

const only = (event: TriggerEvent) => ({ show: { event: [event] } });
const thousands = (n: number) => n.toLocaleString('en-US');
const BASIC_DAY = PLAN_RULES.basic.requestsPerDay;
const PRO_DAY = PLAN_RULES.pro.requestsPerDay;
const shareOf = (limit: number) => thousands(Math.floor((limit * DEFAULT_SHARE) / 100));

/** What a read costs, how a day's cost follows from it and what caps it (the event's notice). */
export function costNotice(event: TriggerEvent): string {
	const def = EVENTS[event];
	const u = def.unit;
	const limits = def.feature
		? `PRO's day limit is ${thousands(PRO_DAY)} requests`
		: `a center's day limit is ${thousands(BASIC_DAY)} requests on Basic and ${thousands(PRO_DAY)} on PRO`;
	const cap = def.feature
		? `${shareOf(PRO_DAY)} a day`
		: `${shareOf(BASIC_DAY)} a day on Basic, ${shareOf(PRO_DAY)} on PRO`;
	const most =
		def.notice?.most ??
		(u.one === 'center'
			? 'a center × the polls a day of Poll Times (every minute: 1,440)'
			: `${u.many} × the polls a day of Poll Times (every minute: 1,440)`);
	const follows =
		def.notice?.follows ??
		`The trigger reads what is active: a ${u.one} that had something new in the last hour every second poll, a quiet ${u.one} (closed, at night) less and less often, at least every Read Quiet ${u.Many} at Least Every, so a quiet day costs a small part of that`;
	return `${def.feature ? 'PRO centers only. ' : ''}A read of a ${u.one} costs ${def.readCost}. At most a day: ${most}, if every ${u.one} were read at every poll; Cost Estimate below works it out for these centers and Poll Times. ${limits}, shared with every other client of the center. ${follows}. All the trigger nodes of a center spend together at most the Day Budget Share (default ${DEFAULT_SHARE} %: ${cap}), a ceiling, not an allowance; when it binds, the ${u.many} waiting longest go first. Each record is emitted once.`;
}

/** What lets the editor load the Cost Estimate again: the fields its figures come from. */
const ESTIMATE_DEPENDS_ON = [
	'event',
	'centerScope',
	'centerIds',
	'receiptShops',
	'receiptShopIds',
	'includeArchived',
	'centerTables',
	'dayBudgetShare',
	'quietMaxWaitMinutes',
	...POLL_TIMES_PATHS,
];

/** The figures of these settings (costEstimate.ts): the one field whose text the editor computes. */
const costEstimateField: INodeProperties = {
	displayName: 'Cost Estimate for Center Name or ID',
	name: 'costEstimate',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCostEstimate', loadOptionsDependsOn: ESTIMATE_DEPENDS_ON },
	default: ALL_CENTERS,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'The most these Poll Times, centers and shops cost a day (every unit read at every poll) against the plan’s day limit, worked out again when they change; the list has each center with its share and lag. A readout: polls do not use it',
};

function lookbackField(event: TriggerEvent): INodeProperties {
	const { lookback } = EVENTS[event];
	const fallback = lookback.default;
	return {
		displayName: 'Lookback (Days)',
		name: 'lookbackDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: lookback.max, numberPrecision: 0 },
		default: fallback,
		description: lookback.description,
		hint: lookback.hint,
		displayOptions: only(event),
	};
}

function shareField(event: TriggerEvent): INodeProperties {
	return {
		displayName: 'Day Budget Share (%)',
		name: 'dayBudgetShare',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100, numberPrecision: 0 },
		default: DEFAULT_SHARE,
		description: `The most all the Shopping Center Trigger nodes of this n8n spend together of each center's day limit (${thousands(BASIC_DAY)} requests on Basic, ${thousands(PRO_DAY)} on PRO; a plan not known yet counts as Basic), counted per center and center day and kept across restarts; where nodes differ, the smallest share applies. A ceiling, not an allowance: quiet centers and shops cost far less. The rest stays for the center's other clients (staff exports, BI, other workflows), which share the same budget.`,
		hint: `Default ${DEFAULT_SHARE} %, one share for every trigger node on a center together; every poll logs the center's requests of the day against it`,
		displayOptions: only(event),
	};
}

function quietField(event: TriggerEvent): INodeProperties {
	const u = EVENTS[event].unit;
	const fallback = QUIET_WAIT_MINUTES.default;
	return {
		displayName: `Read Quiet ${u.Many} at Least Every (Minutes)`,
		name: 'quietMaxWaitMinutes',
		type: 'number',
		typeOptions: {
			minValue: QUIET_WAIT_MINUTES.min,
			maxValue: QUIET_WAIT_MINUTES.max,
			numberPrecision: 0,
		},
		default: fallback,
		description: `A ${u.one} with nothing new for an hour waits longer and longer before its next read (2, 4, 8 … polls), never longer than this; one read that finds something brings it back to the next poll. A ${u.one} that had something new in the last hour is read every second poll.`,
		hint: `The longest a record of a quiet ${u.one} (closed, at night) waits to be emitted; also what a quiet ${u.one} costs: one read per this many minutes`,
		displayOptions: only(event),
	};
}

const perEvent = (make: (event: TriggerEvent) => INodeProperties) => EVENT_NAMES.map(make);

export const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: EVENT_NAMES.map((value) => ({
			name: EVENTS[value].name,
			value,
			description: EVENTS[value].description,
		})).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'newTicket',
	},
	...perEvent((event) => ({
		displayName: costNotice(event),
		name: `${event}CostNotice`,
		type: 'notice',
		default: '',
		displayOptions: only(event),
	})),
	costEstimateField,
	{
		displayName: 'Centers',
		name: 'centerScope',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'All My Centers',
				value: 'all',
				description:
					'Every center the key has a role in, as listed at each poll. Centers that cannot answer (blocked for non-payment; Basic centers for anomalies and receipts) are skipped and logged.',
			},
			{
				name: 'Selected Centers',
				value: 'selected',
				description:
					'Only the centers chosen below; a center that cannot answer makes the poll fail',
			},
		],
		default: 'all',
		hint: 'Each center is read and budgeted on its own: watching all centers multiplies the requests',
	},
	{
		displayName: 'Center Names or IDs',
		name: 'centerIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCenters' },
		required: true,
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'The centers to watch (their sc_id): the list shows the centers your key has a role in',
		displayOptions: { show: { centerScope: ['selected'] } },
	},
	...perEvent(lookbackField),
	...EVENT_NAMES.flatMap((event) => EVENTS[event].fields ?? []),
	...perEvent(shareField),
	...perEvent(quietField),
	{
		displayName: 'On First Poll',
		name: 'firstPoll',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Emit Everything in the Lookback',
				value: 'emitAll',
				description: 'The first poll of a center emits every record of the lookback window',
			},
			{
				name: 'Emit Nothing, Remember What Exists',
				value: 'remember',
				description:
					'The first poll of a center only remembers what exists; later polls emit what is new',
			},
		],
		default: 'remember',
		description: 'What the first poll of each center does (also for a center added later)',
		hint: 'Remember: the workflow starts with what is new from now on; Emit Everything: it gets the lookback too',
	},
];
