/**
 * Tenant portal: GET /sc/{sc_id}/portal/tickets and /portal/passes (any plan, no period or freshness limit).
 * Selection: exactly one full pair (start_created_date + end_created_date, or start_active_date +
 * end_active_date) and/or ticket_uids (tickets <= 100, passes <= 500 numbers; unknown ones ignored);
 * half a pair, two pairs, or neither pair nor ticket_uids: 422. statuses[] filters (unknown: 422); with it,
 * archived tickets are left out. Newest first.
 */
import { LIMITS, list, paginate, parsePage } from '../core/rules';
import { ApiError, validationError, type RouteName } from '../core/types';
import type { Handler, RequestContext } from './context';
import { datePair, enumList } from './params';
import { PASS_STATUSES, TICKET_STATUSES } from '../data/portal-catalog';
import { hasPasses, selectPasses, selectTickets, type PortalFilter } from '../data/portal-query';
import { ticketToApi } from '../data/tickets';
import { passToApi } from '../data/passes';

const SELECTION_FIELDS = [
	'start_created_date',
	'end_created_date',
	'start_active_date',
	'end_active_date',
	'ticket_uids',
];

function selection(
	ctx: RequestContext,
	maxUids: number,
	statuses: readonly string[],
): PortalFilter {
	const zone = ctx.center.time_zone;
	const created = datePair(ctx.query, 'start_created_date', 'end_created_date', zone);
	const active = datePair(ctx.query, 'start_active_date', 'end_active_date', zone);
	if (created && active) {
		throw new ApiError(
			422,
			'validation_error',
			'Pass at most one period pair: by creation date or by active date.',
			{
				field: 'start_active_date',
				fields: ['start_created_date', 'start_active_date'],
			},
		);
	}
	const uids = list(ctx.query, 'ticket_uids');
	if (uids !== undefined && uids.length > 0) {
		if (uids.length > maxUids)
			throw validationError('ticket_uids', `ticket_uids takes at most ${maxUids} numbers.`);
		const bad = uids.find((u) => !/^\d+$/.test(u));
		if (bad !== undefined)
			throw validationError('ticket_uids', `ticket_uids must be numbers; got ${bad}.`);
	}
	if (!created && !active && (uids === undefined || uids.length === 0)) {
		throw new ApiError(
			422,
			'validation_error',
			'A full period pair (created or active) or ticket_uids is required.',
			{
				field: 'start_created_date',
				fields: SELECTION_FIELDS,
			},
		);
	}
	return {
		created,
		active,
		uids: uids && uids.length > 0 ? uids : undefined,
		statuses: enumList(ctx.query, 'statuses', statuses),
	};
}

const tickets: Handler = (ctx) => {
	const f = selection(ctx, LIMITS.ticketUids, TICKET_STATUSES);
	const p = parsePage(ctx.query, LIMITS.ticketsPerPage);
	const now = ctx.now.getTime();
	const page = paginate(selectTickets(ctx.store, ctx.center, f, now), p);
	return {
		data: page.data.map((x) =>
			ticketToApi(
				x.ticket,
				x.state,
				ctx.center.time_zone,
				now,
				hasPasses(ctx.store, x.ticket, now),
			),
		),
		meta: { pagination: page.pagination, time_zone: ctx.center.time_zone },
	};
};

const passes: Handler = (ctx) => {
	const f = selection(ctx, LIMITS.passTicketUids, PASS_STATUSES);
	const max = ctx.options.passesPerPageMax;
	const p = parsePage(
		ctx.query,
		max ? { default: Math.min(LIMITS.passesPerPage.default, max), max } : LIMITS.passesPerPage,
	);
	const now = ctx.now.getTime();
	const page = paginate(selectPasses(ctx.store, ctx.center, f, now), p);
	return {
		data: page.data.map((x) => passToApi(x.pass, x.status, ctx.center.time_zone)),
		meta: { pagination: page.pagination, time_zone: ctx.center.time_zone },
	};
};

export const handlers: Partial<Record<RouteName, Handler>> = { tickets, passes };
