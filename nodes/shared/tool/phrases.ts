/**
 * Phrases the operations' tool descriptions share (written for a language model): where the IDs come
 * from, what dates mean, money units and the "more exist" item.
 */
export const CENTER_ID =
	'center_id is a center id (sc_id, text such as "1002") as the centers tool lists it';
export const SHOP_ID =
	'shop_id is a shop id (text such as "1002-01") as the shops tool lists it for that center';
export const DAYS = "dates are YYYY-MM-DD, inclusive, in the center's time zone";
export const KOPECKS =
	'Money fields are integer kopecks (1/100 ruble): 1234550 = 12 345.50 rubles.';
export const MORE =
	'A long answer is cut: its last item (more_records: true) gives next_offset; call again with the same arguments and offset = next_offset to get the next records (none repeated, none skipped). offset is 0 at first.';
