/**
 * The trigger's events as one table: what the editor shows of each (name, description, the Lookback
 * field's default, maximum and texts, what a read costs), the plan feature it needs, what a unit of a
 * center is (and its words), and its reader (readers/). Adding an event is its row
 * here and its reader module; the poll sequence (sequence.ts) and the panel (description.ts) take the
 * rest from the row.
 */
import type { INodeProperties } from 'n8n-workflow';
import type { PlanFeature } from '../shared/plan';
import type { ReaderFactory, TriggerEvent } from './types';
import { anomalyFields, newAnomalyReader } from './readers/newAnomaly';
import { newTicketReader } from './readers/newTicket';
import { newPassReader } from './readers/newPass';
import { ticketChangedReader } from './readers/ticketChanged';
import { newReceiptReader } from './readers/newReceipt/reader';
import { newReceiptFields } from './readers/newReceipt/description';
import { centerChangesReader } from './readers/centerChanges/reader';
import { centerChangesFields } from './readers/centerChanges/fields';

export type { TriggerEvent };

export interface EventDefinition {
	/** the Event option */
	name: string;
	description: string;
	reader: ReaderFactory;
	/** the plan feature the event needs (a Basic center known as such is refused before any request) */
	feature?: PlanFeature;
	/** what one read covers, in the words the panel and the log use: the center, or one shop of it */
	unit: UnitWords;
	/** the cost of one read of a unit, in words (the panel's notice) */
	readCost: string;
	lookback: { default: number; max: number; description: string; hint: string };
	/** the event's own fields (after Lookback) */
	fields?: INodeProperties[];
	/**
	 * the notice's words on what reading every unit at every poll would cost a day and on what the
	 * trigger reads instead, when the unit's generic ones (description.ts costNotice) do not hold
	 */
	notice?: { most: string; follows: string };
}

/** A unit of an event in words: its name, its plural, its plural as a field name, and how to narrow it. */
export interface UnitWords {
	one: string;
	many: string;
	Many: string;
	/** what the user can do to read fewer (a notice's advice), or nothing */
	narrow?: string;
}

const TABLE: UnitWords = {
	one: 'table',
	many: 'tables',
	Many: 'Tables',
	narrow: 'choose fewer tables (Tables)',
};
const CENTER: UnitWords = { one: 'center', many: 'centers', Many: 'Centers' };
const SHOP: UnitWords = {
	one: 'shop',
	many: 'shops',
	Many: 'Shops',
	narrow: 'choose fewer shops (Shops: Selected Shops)',
};

/**
 * Day Budget Share (%) when the field is left as it is: one default for every event, since all the
 * trigger nodes of a center spend one share together (budget.ts).
 */
export const DEFAULT_SHARE = 50;

export const EVENTS: Record<TriggerEvent, EventDefinition> = {
	centerChanges: {
		name: 'Center Changes',
		description:
			"A change of a center's tables (shops, daily sales, monthly rows, tickets, counting zones; on request attendance, cash registers, turnover settings, passes, anomalies, receipts) as {table, key, op, row}: to keep them in a database",
		reader: centerChangesReader,
		unit: TABLE,
		readCost:
			"1 request for a shop's daily rows or its monthly rows, ⌈shops / 500⌉ requests for the shop list, 1 for the counting zones, ⌈tickets watched / 100⌉ requests for the tickets; the other tables: docs/replica.md",
		lookback: {
			default: 3,
			max: 30,
			description:
				"Each read of a shop's daily rows (once per Read Quiet Tables at Least Every) covers this many days before today and today, at one request either way: a row whose content changed (a receipt that arrived late restated its day) is an upsert again within that bound. The attendance is read the same way; a shop's receipts are read from its last read day − this many days.",
			hint: 'Days of daily sales and attendance every read covers: 3 catches receipts that arrive up to 3 days late',
		},
		fields: centerChangesFields,
		notice: {
			most: "(2 × shops + 3) × the polls a day of Poll Times (every minute: 1,440), a shop's daily and its monthly rows being a table each, the shop list, the counting zones and the tickets one each",
			follows:
				"The trigger reads what can have changed: the tickets as a list event (a center that had something new in the last hour every second poll, a quiet center (closed, at night) less and less often, at least every Read Quiet Tables at Least Every); a shop's daily rows of the Lookback days and today once per that bound; its monthly rows when a day of theirs changed (at most once per that bound) and once a night; the shop list and the counting zones every 4 hours: about 24 + 13 requests a shop a day at the default bound (60 minutes) when it sells 12 hours (docs/replica.md has a day in numbers)",
		},
	},
	newAnomaly: {
		name: 'New Anomaly',
		description:
			'A sales anomaly the platform found (PRO centers only), including anomalies found days after their date',
		reader: newAnomalyReader,
		feature: 'anomalies',
		unit: CENTER,
		readCost: '⌈anomalies dated in the lookback / 500⌉ requests (at least 1)',
		lookback: {
			default: 3,
			max: 365,
			description:
				"How many days before the day of the last successful poll each poll reads again (dates of the anomaly, in each center's time zone). The platform finds an anomaly up to a few days after its date, so an anomaly is seen when it is found at most this many days after its date. Anomalies are emitted once, by ID.",
			hint: 'Days re-read by each poll (anomaly dates): 3 catches anomalies found up to 3 days after their date',
		},
		fields: anomalyFields,
	},
	newPass: {
		name: 'New Pass',
		description: 'A pass created in the tenant portal (any plan)',
		reader: newPassReader,
		unit: CENTER,
		readCost: "⌈passes created since (the last poll's day − Lookback) / 100⌉ requests (at least 1)",
		lookback: listLookback(),
	},
	newReceipt: {
		name: 'New Receipt',
		description:
			'A receipt (fiscal document) that reached the platform, each once, late arrivals included (PRO centers only)',
		reader: newReceiptReader,
		feature: 'receipts',
		unit: SHOP,
		readCost:
			"⌈receipts the shop received since (its last read's day − Lookback) / 1000⌉ requests (at least 1), plus the shop list once an hour",
		lookback: {
			default: 1,
			max: 365,
			description:
				"How many days before the day of each shop's last read the next read goes back (reception dates, center time zone). A receipt is read by its reception date, so one printed hours or days earlier is emitted when it arrives; the lookback covers receipts that show up in the API after their reception time. Receipts are emitted once, by ID.",
			hint: 'Days before a shop’s last read that its next read re-reads (reception dates): 1 covers receipts that show up a day late',
		},
		fields: newReceiptFields,
	},
	newTicket: {
		name: 'New Ticket',
		description: 'A tenant request (ticket) created in the tenant portal (any plan)',
		reader: newTicketReader,
		unit: CENTER,
		readCost:
			"⌈tickets created since (the last poll's day − Lookback) / 100⌉ requests (at least 1)",
		lookback: listLookback(),
	},
	ticketChanged: {
		name: 'Ticket Changed',
		description: 'The status or the decision time of a recent ticket changed (any plan)',
		reader: ticketChangedReader,
		unit: CENTER,
		readCost:
			'⌈tickets created in the last Lookback days / 100⌉ requests (at least 1; a 30-day lookback of a busy center is several)',
		lookback: {
			default: 30,
			max: 3660,
			description:
				"Tickets created in the last this many days (center time zone) are watched: each poll reads all of them and reports those whose status or resolution_created_at differs from the last poll's, with previous_status. A ticket created before this window is invisible, whatever happens to it; a change and its reversal between two polls are not seen; a ticket created and decided between two polls is reported with previous_status null; archiving alone is not a change.",
			hint: 'Tickets created in these days are watched; each poll reads them all (⌈tickets / 100⌉ requests a center)',
		},
	},
};

/** New Ticket's and New Pass's Lookback: a safety margin. */
function listLookback(): EventDefinition['lookback'] {
	return {
		default: 1,
		max: 365,
		description:
			'Safety margin: each poll reads the records created from this many days before the day of the last successful poll through today (center time zone). Records are emitted once, by ID.',
		hint: 'Days before the last poll re-read as a safety margin; 1 is enough unless polls stop for longer',
	};
}

export const EVENT_NAMES = Object.keys(EVENTS) as TriggerEvent[];
