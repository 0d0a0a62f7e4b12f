/**
 * Tool descriptions written for a language model, one per operation used as an AI tool: what it
 * returns, units (money in integer kopecks), where the IDs come from, plan limits, order. n8n's
 * "Set Automatically" tool description is only "<action> in <node>"; these are the texts for "Set
 * Manually" (examples/mcp-server.json uses them, the README lists them, tests keep both equal).
 * Keyed by "<node type name>.<resource>.<operation>".
 */

const CENTER_ID =
	'center_id is a center id (sc_id, text such as "1002") as the centers tool lists it';
const SHOP_ID =
	'shop_id is a shop id (text such as "1002-01") as the shops tool lists it for that center';
const DAYS = "dates are YYYY-MM-DD, inclusive, in the center's time zone";
const KOPECKS = 'Money fields are integer kopecks (1/100 rouble): 1234550 = 12 345.50 roubles.';
const MORE =
	'A long answer is cut: a last item with more_records: true says how many more exist and how to ask for the rest.';

export const TOOL_DESCRIPTIONS: Record<string, string> = {
	'shoppingCenter.center.getMany': `Lists the shopping centers this API key can read: id (the sc_id every other tool needs), title, address, time_zone (IANA), areas. No input needed. Call it first to learn center ids.`,
	'shoppingCenter.shop.getMany': `Lists the shops (trading points) of one center: id (the shop_id other tools need), name, is_archived, position, renter (tenant: legal_name, inn). ${CENTER_ID}. ${MORE}`,
	'shoppingCenterRevenue.dailySalesAggregate.getMany': `Daily sales of one shop, one row per day, oldest day first: date, receipts_count, income_sum, refund_sum, cash_sum, ecash_sum, turnover (PRO). ${KOPECKS} ${CENTER_ID}; ${SHOP_ID}; ${DAYS}. Data goes up to yesterday on a Basic center and up to today on a PRO center (later days are cut); any period length works (Basic reads 31 days a request, PRO 366). ${MORE}`,
	'shoppingCenterReceipts.receipt.export': `Fiscal documents (receipts) of one shop created in a period: id, document_type, created_datetime, received_datetime, total_sum, cash_sum, ecash_sum, items_count, kkt_reg_id, fiscal_document_number, shift_number. ${KOPECKS} PRO centers only (a Basic center answers with an error saying so). ${CENTER_ID}; ${SHOP_ID}; ${DAYS}; a period is read 30 days a request. ${MORE}`,
	'shoppingCenterAnomalies.anomaly.getMany': `Anomalies (deviations the platform found in a center's sales or attendance) in a period, newest first: id, date, created_at, level (high, medium, low), status (new, completed, archived), shop_id, shop_name, title, description, magnitude. PRO centers only. ${CENTER_ID}; ${DAYS}; up to 366 days a request, today allowed. ${MORE}`,
	'shoppingCenterPortal.ticket.getMany': `Tenant portal tickets (requests of tenants to the center) created in a period, newest first: ticket_uid, title, status, created_at, begin_time, end_time, ticket_type, shop_id, shop_name, tenant, author_name, has_passes. Any plan, any period length. ${CENTER_ID}; ${DAYS}. ${MORE}`,
	'shoppingCenterPortal.pass.getMany': `Tenant portal passes (vehicle and person passes) created in a period, newest first: id, status, pass_type, ticket_uid, valid_from, valid_to, vehicle_plate, author_name. Any plan, any period length. ${CENTER_ID}; ${DAYS}. ${MORE}`,
	'shoppingCenterIntake.declaredTurnover.submit': `Declares (writes) a shop's turnover for one month, replacing what was declared before for that month. turnover is a whole number of kopecks (12345.50 roubles = 1234550). month is any day of the month, YYYY-MM-DD; the current month or earlier. ${CENTER_ID}; ${SHOP_ID}. Returns the stored record: shop_id, month (YYYY-MM), manual_turnover (kopecks). Call it once per month and shop; do not repeat a successful call.`,
};
